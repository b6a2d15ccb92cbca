"""Crystal Formation's board input without pygame: plain inputs, real engine states."""

from game.registry import GAMES
from game.rules.crystal_formation import Grow, MoveNode, Pass, Place, board_cells
from scenes.play.crystal_formation.ui import interpret_move, new_ui, settle
from scenes.play.interpret import Cell, Changed, Drop, Key, Pick, Point, Refuse, Submit, Unused

SPEC = GAMES["crystal-formation"]


def test_a_click_on_a_glowing_cell_places_and_a_finger_tap_first_proposes():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    assert ui.cursor == (0, 0)  # the home node of the seat to move
    assert interpret_move(ui, state, Cell((1, 0))) == Submit(Place((1, 0)))
    result = interpret_move(ui, state, Cell((1, 0), touch=True))
    assert isinstance(result, Changed) and result.say.endswith("tap again or End turn to play it")
    assert ui.pending == Place((1, 0))
    assert interpret_move(ui, state, Cell((1, 0), touch=True)) == Submit(Place((1, 0)))
    assert ui.pending is None
    interpret_move(ui, state, Cell((1, 0), touch=True))
    assert interpret_move(ui, state, Pick("end")) == Submit(Place((1, 0)))


def test_select_a_node_then_a_cell_moves_it_and_the_node_again_lets_go():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    target = state.move_targets((0, 0))[0]
    assert interpret_move(ui, state, Cell((0, 0))) == Changed()
    assert ui.selected == (0, 0) and ui.sel_state is state
    assert interpret_move(ui, state, Cell(target)) == Submit(MoveNode((0, 0), target))
    ui = new_ui(state)  # (the view drops the input once the move is played)
    interpret_move(ui, state, Cell((0, 0)))
    assert interpret_move(ui, state, Cell((0, 0))) == Changed() and ui.selected is None
    interpret_move(ui, state, Cell((0, 0)))
    assert interpret_move(ui, state, Cell(None, alt=True)) == Changed() and ui.selected is None


def test_a_drag_from_your_node_moves_it_and_from_elsewhere_is_a_tap():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    target = state.move_targets((0, 0))[0]
    assert interpret_move(ui, state, Drop(target, frm=(0, 0))) == Submit(MoveNode((0, 0), target))
    ui = new_ui(state)
    assert interpret_move(ui, state, Drop((2, 2), frm=(7, 7))) == Submit(Place((2, 2)))


def test_someone_elses_node_is_submitted_so_the_engine_says_why():
    state = SPEC.new_game(1)
    result = interpret_move(new_ui(state), state, Cell((7, 7)))
    assert result == Submit(Grow((7, 7), "S"))
    assert state.why_illegal(result.move)


def test_grow_keys_and_buttons_and_the_reason_when_no_grow_is_legal():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    # a grow button with no node selected, nothing under the pointer and no cursor shown
    assert interpret_move(ui, state, Pick("grow:L")) == Refuse(
        "Select one of your nodes first, then grow it", "warning", None
    )
    # a key shows the cursor, which is on the home node: S / M / L grow it
    result = interpret_move(ui, state, Key("S"))
    assert result == Submit(Grow((0, 0), "S"))  # not legal (a full stack): the engine says why
    # no legal grow at all: Space says why, with the most telling reason
    result = interpret_move(ui, state, Key("space"))
    assert isinstance(result, Refuse) and result.kind == "error"
    assert result.reason in [state.why_illegal(Grow((0, 0), s)) for s in "LMS"]
    assert interpret_move(ui, state, Pick("grow:M")) == Submit(Grow((0, 0), "M"))


def test_space_cycles_the_legal_grows_and_enter_plays_the_proposal():
    state = SPEC.new_game(1)
    state = state.apply(Place((1, 0))).apply(Place((6, 7)))  # a small of our own to grow
    ui = new_ui(state)
    ui.keyboard, ui.cursor = True, (1, 0)
    options = list(state.grow_options((1, 0)))
    assert options
    result = interpret_move(ui, state, Key("space"))
    assert isinstance(result, Changed) and ui.pending == options[0]
    assert ui.selected == (1, 0)
    if len(options) > 1:
        interpret_move(ui, state, Key("space"))
        assert ui.pending == options[1]
    proposal = ui.pending
    assert interpret_move(ui, state, Key("confirm")) == Submit(proposal)


def test_arrows_show_then_move_the_cursor_and_stop_at_the_edge():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    assert interpret_move(ui, state, Key("right")) == Changed() and ui.cursor == (0, 0)
    assert interpret_move(ui, state, Key("right")) == Changed() and ui.cursor == (1, 0)
    assert interpret_move(ui, state, Key("up")) is Unused and ui.cursor == (1, 0)
    ui.cursor = (7, 3)
    assert interpret_move(ui, state, Key("right")) is Unused  # the view takes it to the strip
    assert interpret_move(ui, state, Key("confirm")) == Submit(Place((7, 3)))


def test_on_the_hexagon_up_and_down_keep_to_one_column_line():
    state = SPEC.new_game(1, players=5)
    assert state.board_kind == "hex"
    ui = new_ui(state)
    ui.keyboard = True
    cells = set(board_cells("hex"))
    start = ui.cursor
    path = [start]
    while interpret_move(ui, state, Key("down")) == Changed():
        path.append(ui.cursor)
    assert len(path) > 3 and all(c in cells for c in path)
    assert [c[1] for c in path] == list(range(path[0][1], path[0][1] + len(path)))
    ui.goal_x = None
    while interpret_move(ui, state, Key("up")) == Changed():
        pass
    assert ui.cursor[1] == min(c[1] for c in cells)


def test_tab_walks_your_nodes_and_enter_passes_when_nothing_else_is_legal():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    ui.cursor = (4, 4)
    assert interpret_move(ui, state, Key("next")) == Changed()
    assert ui.cursor == (0, 0) and ui.keyboard
    assert interpret_move(ui, state, Key("pass")) == Submit(Pass())  # the engine refuses it


def test_a_bot_turn_only_says_whom_we_wait_for():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    result = interpret_move(ui, state, Cell((1, 0)), waiting_on="Player 2 (Hard bot)")
    assert result == Refuse("Wait for Player 2 (Hard bot) to move", "warning", None, 2.0)
    assert interpret_move(ui, state, Key("pass"), waiting_on="Player 2 (Hard bot)") is Unused


def test_a_selection_or_proposal_from_another_state_is_dropped():
    state = SPEC.new_game(1)
    ui = new_ui(state)
    interpret_move(ui, state, Cell((0, 0)))
    assert interpret_move(ui, state, Point((3, 3))) is Unused and ui.hover_cell == (3, 3)
    after = state.apply(Place((1, 0)))
    settle(ui, after)
    assert ui.selected is None and ui.pending is None
