"""Chromatic Collapse's board input without pygame: plain inputs, real engine states."""

from game.registry import GAMES
from game.rules.chromatic_collapse import Remove, Slide, Start
from scenes.play.chromatic_collapse.ui import interpret_move, new_ui, selection
from scenes.play.interpret import Cell, Changed, Drag, Drop, Key, Pick, Refuse, Submit, Unused

SPEC = GAMES["chromatic-collapse"]


def started(seed: int = 1):
    return SPEC.new_game(seed).apply(Start(0))


def test_setup_card_and_its_keys_choose_who_starts():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    assert interpret_move(ui, state, Pick(1)) == Submit(Start(1))
    assert ui.setup_focus == 1
    assert interpret_move(ui, state, Key("right")) == Changed()
    assert ui.setup_focus == 0 and ui.keyboard
    assert interpret_move(ui, state, Key("confirm")) == Submit(Start(0))
    assert interpret_move(ui, state, Pick(0), waiting_on="Circle (Hard bot)") == Refuse(
        "Circle (Hard bot) is choosing who starts", "warning", None
    )


def test_tap_a_piece_then_a_lit_square_submits_the_slide():
    state = started()
    ui = new_ui(state)
    piece = state.movable_squares()[0]
    to = state.destinations(piece)[0].to
    assert interpret_move(ui, state, Cell(piece)) == Changed("click")
    assert selection(ui, state) == piece and ui.cursor == piece
    assert interpret_move(ui, state, Cell(to)) == Submit(state.destinations(piece)[0])
    # a new state drops the selection without being told
    after = state.apply(state.destinations(piece)[0])
    assert selection(ui, after) is None


def test_tap_the_chosen_piece_again_lets_it_go_and_a_right_click_too():
    state = started()
    ui = new_ui(state)
    piece = state.movable_squares()[0]
    interpret_move(ui, state, Cell(piece))
    assert interpret_move(ui, state, Cell(piece)) == Changed()
    assert selection(ui, state) is None
    interpret_move(ui, state, Cell(piece))
    assert interpret_move(ui, state, Cell(None, alt=True)) == Changed()
    assert selection(ui, state) is None


def test_a_square_that_is_not_lit_is_still_submitted_so_the_engine_says_why():
    state = started()
    ui = new_ui(state)
    piece = state.movable_squares()[0]
    lit = {m.to for m in state.destinations(piece)}
    far = next(
        sq
        for sq in range(64)
        if sq not in lit and sq != piece and state.piece_at(sq) is None and sq not in (0, 7, 56, 63)
    )
    interpret_move(ui, state, Cell(piece))
    result = interpret_move(ui, state, Cell(far))
    assert result == Submit(Slide(piece, far, False))
    assert result.move not in state.legal_moves()


def test_a_piece_that_may_not_move_is_refused_with_the_engines_note():
    state = started()
    ui = new_ui(state)
    other = next(sq for sq in range(64) if (p := state.piece_at(sq)) and p[0] != state.to_move)
    result = interpret_move(ui, state, Cell(other))
    assert isinstance(result, Refuse) and result.reason == state.piece_note(other)
    assert (result.kind, result.sound) == ("warning", "bump")
    assert selection(ui, state) is None


def test_nothing_acts_for_a_bot():
    state = started()
    ui = new_ui(state)
    piece = state.movable_squares()[0]
    result = interpret_move(ui, state, Cell(piece), waiting_on="Circle (Hard bot)")
    assert result == Refuse("Circle (Hard bot) is thinking: wait for its move", "warning", None)
    assert selection(ui, state) is None


def test_drag_a_piece_to_a_lit_square():
    state = started()
    ui = new_ui(state)
    piece = state.movable_squares()[0]
    to = state.destinations(piece)[0].to
    interpret_move(ui, state, Cell(piece))
    assert ui.drag_from == piece
    assert interpret_move(ui, state, Drag(to)) is Unused and ui.drag_moved
    assert interpret_move(ui, state, Drop(to)) == Submit(state.destinations(piece)[0])
    assert ui.drag_from is None
    # a press and release on the same square is a tap, not a drop
    ui = new_ui(state)
    interpret_move(ui, state, Cell(piece))
    assert interpret_move(ui, state, Drop(piece)) is Unused
    assert selection(ui, state) == piece


def test_keys_show_then_move_the_cursor_and_enter_acts():
    state = started()
    ui = new_ui(state)
    start = ui.cursor
    assert start in state.movable_squares()
    assert interpret_move(ui, state, Key("up")) == Changed() and ui.cursor == start
    assert ui.keyboard  # the first press only shows the cursor
    assert interpret_move(ui, state, Key("confirm")) == Changed("click")
    assert selection(ui, state) == start
    to = state.destinations(start)[0].to
    while ui.cursor != to:  # walk there: columns first, then rows
        dc = (to % 8 > ui.cursor % 8) - (to % 8 < ui.cursor % 8)
        dr = (to // 8 > ui.cursor // 8) - (to // 8 < ui.cursor // 8)
        key = {1: "right", -1: "left"}[dc] if dc else {1: "down", -1: "up"}[dr]
        assert interpret_move(ui, state, Key(key)) == Changed("hover")
    assert interpret_move(ui, state, Key("space")) == Submit(state.destinations(start)[0])
    assert interpret_move(ui, state, Key("cancel")) == Changed()
    assert selection(ui, state) is None


def test_the_cursor_stops_at_the_edge_and_steps_over_a_missing_corner():
    state = started()
    ui = new_ui(state)
    ui.keyboard, ui.cursor = True, 1  # b8, beside the missing a8 corner
    assert interpret_move(ui, state, Key("left")) is Unused and ui.cursor == 1
    ui.cursor = 8  # a7
    assert interpret_move(ui, state, Key("up")) is Unused and ui.cursor == 8
    ui.cursor = 57  # b1
    assert interpret_move(ui, state, Key("up")) == Changed("hover") and ui.cursor == 49


def test_a_removal_turn_submits_the_tapped_piece():
    state = started()
    removal = None
    import random

    rng = random.Random(3)
    while not state.is_terminal():
        if state.phase == "remove":
            removal = state
            break
        state = state.apply(rng.choice(state.legal_moves()))
    assert removal is not None, "a random game reaches sudden death"
    target = removal.pieces(1 - removal.to_move)[0]
    assert interpret_move(new_ui(removal), removal, Cell(target)) == Submit(Remove(target))
