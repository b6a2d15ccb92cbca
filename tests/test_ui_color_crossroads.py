"""Color Crossroads' board input without pygame: plain inputs, real engine states."""

from game.registry import GAMES
from game.rules.color_crossroads import Answer, Challenge, Concede, Place, Start, parse_cell
from scenes.play.color_crossroads.ui import GameUI, accepted, interpret_move, walk
from scenes.play.interpret import Cell, Changed, Drag, Drop, Key, Pick, Refuse, Submit, Unused

SPEC = GAMES["color-crossroads"]
E5 = parse_cell("E5")


def turn():
    state = SPEC.new_game(1)
    return state.apply(Start(0))


def answer():
    """Seat 1 answers a red-green challenge."""
    state = turn()
    return state.apply(state.parse_move("challenge red-green"))


def test_setup_card_starts():
    state = SPEC.new_game(1)
    assert interpret_move(GameUI(), state, Pick("start:1")) == Submit(Start(1), sound="click")


def test_cell_first_then_colour_places_and_the_colour_is_used_up():
    state = turn()
    ui = GameUI()
    result = interpret_move(ui, state, Cell(E5))
    assert result == Changed(say="E5: now choose a colour", seconds=2.0)
    assert ui.pending == E5 and ui.cursor == E5
    result = interpret_move(ui, state, Pick("colour:2"))
    assert result == Submit(Place(E5, 2), sound="click")
    accepted(ui, result.move)
    assert ui.pending is None and ui.colour is None
    # the same cell again lets it go
    interpret_move(ui, state, Cell(E5))
    assert interpret_move(ui, state, Cell(E5)) == Changed() and ui.pending is None


def test_colour_first_then_cell_and_a_swatch_dragged_onto_a_cell():
    state = turn()
    ui = GameUI()
    assert interpret_move(ui, state, Pick("colour:1")) == Changed("click") and ui.colour == 1
    assert interpret_move(ui, state, Cell(E5)) == Submit(Place(E5, 1))
    assert interpret_move(ui, state, Pick("colour:1")) == Changed("click") and ui.colour is None
    ui.drag_colour = 3  # the view starts a swatch drag on the press
    assert interpret_move(ui, state, Drop(E5)) == Submit(Place(E5, 3))
    assert ui.drag_colour is None


def test_a_filled_cell_says_why_and_a_bot_turn_says_wait():
    state = turn()
    ui = GameUI()
    assert interpret_move(ui, state, Cell(0)) == Refuse(
        "A1 is already red (a corner)", "warning", None
    )
    assert interpret_move(ui, state, Cell(E5), waiting_on="bot") == Refuse(
        "Wait for the bot to move", "warning", None
    )
    assert interpret_move(ui, SPEC.new_game(1), Cell(E5)) is Unused  # the setup has no cells


def test_keys_move_the_cursor_enter_presses_and_backspace_lets_go():
    state = turn()
    ui = GameUI()
    assert interpret_move(ui, state, Key("left")) == Changed()
    assert ui.cursor == E5 - 1 and ui.keyboard
    interpret_move(ui, state, Key("up"))
    assert ui.cursor == E5 - 10
    ui.cursor = 0
    interpret_move(ui, state, Key("up"))
    assert ui.cursor == 0  # the edge holds
    ui.cursor = E5
    assert interpret_move(ui, state, Key("confirm")).say.startswith("E5")
    assert interpret_move(ui, state, Key("cancel")) == Changed() and ui.pending is None


def test_a_loop_by_clicks_closes_on_its_start_and_submits():
    state = answer()
    ui = GameUI()
    loop = [parse_cell(n) for n in ("B2", "B3", "C3", "C2")]
    for cell in loop:
        assert interpret_move(ui, state, Cell(cell)) == Changed()
        interpret_move(ui, state, Drop(cell))
    assert ui.path == loop and not ui.closed
    assert interpret_move(ui, state, Cell(loop[0])) == Changed("place") and ui.closed
    assert interpret_move(ui, state, Pick("submit")) == Submit(Answer(tuple(loop)))
    result = interpret_move(ui, state, Cell(parse_cell("F6")))
    assert "closed" in result.say and ui.path == loop
    # a click on an earlier cell cuts the path there; the head's click takes it back
    interpret_move(ui, state, Cell(loop[1]))
    assert ui.path == loop[:2] and not ui.closed
    interpret_move(ui, state, Cell(loop[1]))
    assert interpret_move(ui, state, Drop(loop[1])) == Changed()
    assert ui.path == loop[:1]


def test_a_loop_by_dragging_steps_through_skipped_cells():
    state = answer()
    ui = GameUI()
    b2, b4, d4, d2 = (parse_cell(n) for n in ("B2", "B4", "D4", "D2"))
    interpret_move(ui, state, Cell(b2))
    assert ui.dragging and ui.drag_head == b2
    for cell in (b4, d4, d2):
        assert interpret_move(ui, state, Drag(cell)) == Changed()
    assert interpret_move(ui, state, Drag(b2)) == Changed("place") and ui.closed
    assert (
        len(ui.path) == 8
        and ui.path == [b2] + walk(b2, b4) + walk(b4, d4) + walk(d4, d2) + walk(d2, b2)[:-1]
    )
    interpret_move(ui, state, Drop(b2))
    assert not ui.dragging


def test_shift_arrows_draw_the_path_and_backspace_takes_it_back():
    state = answer()
    ui = GameUI(cursor=parse_cell("B2"))
    for name in ("down", "right", "up", "left"):
        interpret_move(ui, state, Key(name, shift=True))
    assert ui.closed and [c for c in ui.path] == [parse_cell(n) for n in ("B2", "B3", "C3", "C2")]
    interpret_move(ui, state, Key("cancel"))
    assert not ui.closed
    interpret_move(ui, state, Key("cancel"))
    assert len(ui.path) == 3


def test_concede_asks_twice_and_clear_empties_the_path():
    state = answer()
    ui = GameUI()
    result = interpret_move(ui, state, Pick("concede"))
    assert result.say == "Press Concede again to give the point away" and ui.concede_armed > 0
    assert interpret_move(ui, state, Pick("concede")) == Submit(Concede())
    interpret_move(ui, state, Cell(E5))
    assert interpret_move(ui, state, Pick("clear")) == Changed("back") and ui.path == []
    assert interpret_move(ui, turn(), Pick("challenge:0")) == Submit(Challenge(0))
