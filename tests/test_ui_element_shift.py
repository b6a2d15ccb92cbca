"""Element Shift's start pick and plan editor without pygame: plain inputs, real
engine states."""

from game.registry import GAMES
from game.rules.element_shift import STAY, Plan, StartPick
from scenes.play.element_shift.ui import GameUI, interpret_move, path, sync, take_plan
from scenes.play.interpret import Cell, Changed, Drag, Drop, Key, Pick, Refuse, Submit, Unused

SPEC = GAMES["element-shift"]


def setup():
    return SPEC.new_game(1)


def round_one():
    """Every seat picks its first legal start tile; seat 0 plans from A1 (cell 0)."""
    state = setup()
    while state.round == 0:
        state = state.apply(state.legal_moves()[0])
    assert state.current_player() == 0 and state.positions[0] == 0
    return state


def test_a_start_tile_is_picked_then_confirmed_by_a_second_click():
    state = setup()
    ui = GameUI()
    tile = state.legal_moves()[0].cell
    assert interpret_move(ui, state, Pick("start"), "setup") == Refuse(
        "Choose a start tile first: click a highlighted tile", "warning", None
    )
    assert interpret_move(ui, state, Cell(tile), "setup") == Changed("click")
    assert ui.pick == tile and ui.cursor == tile
    assert interpret_move(ui, state, Cell(tile), "setup") == Submit(StartPick(tile))
    assert interpret_move(ui, state, Key("confirm"), "setup") == Submit(StartPick(tile))
    wrong = next(c for c in range(121) if state.why_illegal(StartPick(c), 0))
    result = interpret_move(ui, state, Cell(wrong), "setup")
    assert result == Refuse(state.why_illegal(StartPick(wrong), 0))
    assert ui.pick == tile  # a refused tile leaves the pick as it was


def test_tiles_one_action_away_build_the_plan_and_others_say_why():
    state = round_one()
    ui = GameUI()
    assert interpret_move(ui, state, Cell(1), "plan") == Changed("click")  # B1: right
    assert ui.plan_actions == ["R"] and ui.cursor == 1
    assert path(ui, state) == [0, 1]
    far = 60
    result = interpret_move(ui, state, Cell(far), "plan")
    assert isinstance(result, Refuse) and result.reason.startswith("Segment 2 from B1")
    assert ui.plan_actions == ["R"]
    assert interpret_move(ui, state, Cell(12), "plan") == Changed("click")  # B2: down
    assert ui.plan_actions == ["R", "D"]


def test_a_press_on_the_paths_end_stays_unless_it_becomes_a_drag():
    state = round_one()
    ui = GameUI()
    assert interpret_move(ui, state, Cell(0), "plan") == Changed()
    assert ui.pending_stay and ui.plan_actions == []
    assert interpret_move(ui, state, Drop(0), "plan") == Changed("click")
    assert ui.plan_actions == [STAY]
    # a drag from the end across tiles adds each step instead
    ui = GameUI()
    interpret_move(ui, state, Cell(0), "plan")
    assert interpret_move(ui, state, Drag(1), "plan") == Changed("click")
    assert interpret_move(ui, state, Drag(2), "plan") == Changed("click")
    assert interpret_move(ui, state, Drop(2), "plan") is Unused
    assert ui.plan_actions == ["R", "R"] and not ui.dragging


def test_keys_edit_the_plan_and_enter_submits_it_when_full_or_with_shift():
    state = round_one()
    ui = GameUI()
    assert interpret_move(ui, state, Key("cancel"), "plan") == Refuse(
        "The plan is empty: click a highlighted tile to add an action", "warning", None
    )
    interpret_move(ui, state, Key("stay"), "plan")
    interpret_move(ui, state, Key("right"), "plan")
    assert ui.cursor == 1
    interpret_move(ui, state, Key("confirm"), "plan")
    assert ui.plan_actions == [STAY, "R"]
    assert interpret_move(ui, state, Key("cancel"), "plan") == Changed("back")
    assert ui.plan_actions == [STAY]
    assert interpret_move(ui, state, Key("switch"), "plan") == Changed("click") and ui.plan_switch
    early = interpret_move(ui, state, Key("confirm", shift=True), "plan")
    assert early == Submit(Plan(True, (STAY,) * 5))
    for _ in range(4):
        interpret_move(ui, state, Key("stay"), "plan")
    result = interpret_move(ui, state, Key("stay"), "plan")
    assert isinstance(result, Refuse) and result.reason.startswith("All 5 actions are set")
    assert interpret_move(ui, state, Key("confirm"), "plan") == Submit(Plan(True, (STAY,) * 5))
    assert interpret_move(ui, state, Key("clear"), "plan") == Changed("back")
    assert ui.plan_actions == [] and ui.cursor == 0


def test_an_arrow_off_the_board_is_unused_so_the_view_can_take_it():
    state = round_one()
    ui = GameUI()
    sync(ui, state, "plan")  # a new decision puts the cursor on the planner's tile
    ui.cursor = 10  # K1, the right edge
    assert interpret_move(ui, state, Key("right"), "plan") is Unused and ui.cursor == 10


def test_a_ray_outside_round_six_is_refused_with_the_engines_reason():
    state = round_one()
    ui = GameUI()
    result = interpret_move(ui, state, Key("ray"), "plan")
    assert isinstance(result, Refuse) and not ui.ray_aim
    assert result.reason == state.why_illegal(Plan(False, ("ray N",) + (STAY,) * 4), 0)


def test_the_editor_belongs_to_one_decision_and_takes_a_hint_whole():
    state = round_one()
    ui = GameUI()
    interpret_move(ui, state, Cell(1), "plan")
    assert ui.editor_for == (1, 0)
    later = state.apply(Plan(False, (STAY,) * 5))  # seat 0 is in: seat 1 plans now
    sync(ui, later, "plan")
    assert ui.editor_for == (1, 1) and ui.plan_actions == []
    hint = Plan(True, ("R", "D", STAY, STAY, STAY))
    assert take_plan(ui, state, hint) == Changed("click")
    assert ui.plan_switch and ui.plan_actions == list(hint.actions) and ui.cursor == 12


def test_nothing_is_entered_outside_setup_and_plan():
    state = round_one()
    ui = GameUI()
    assert interpret_move(ui, state, Cell(1), "wait") is Unused
    assert interpret_move(ui, state, Pick("submit"), "wait") is Unused
    assert ui.plan_actions == []
