"""Crystal Connector's turn building without pygame: plain inputs, real engine states."""

from game.registry import GAMES
from game.rules.crystal_connector import Convert, Shift
from scenes.play.crystal_connector.ui import GameUI, interpret_move, local, turn_complete
from scenes.play.interpret import Cell, Changed, Key, LineDrag, Pick, Refuse, Submit, Unused

SPEC = GAMES["crystal-connector"]


def in_play(seed: int = 1, **options):
    state = SPEC.new_game(seed, **options)
    while state.phase != "play":
        state = state.apply(state.legal_moves()[0])
    return state


def test_setup_cards_by_keys_and_clicks():
    state = SPEC.new_game(1)
    ui = GameUI(base=state)
    moves = state.legal_moves()
    assert interpret_move(ui, state, Key("right")) == Changed() and ui.choice_focus == 1
    assert interpret_move(ui, state, Key("confirm")) == Submit(moves[1])
    assert interpret_move(ui, state, Pick(("choice", 0, moves[0]))) == Submit(moves[0])
    assert ui.choice_focus == 0
    assert interpret_move(ui, state, Key("confirm"), waiting_on="bot") == Refuse(
        "Wait for the bot to choose", "warning", None
    )


def test_handles_build_a_draft_and_a_chip_or_enter_holds_it_as_a_shift():
    state = in_play()
    ui = GameUI(base=state)
    assert interpret_move(ui, state, Pick(("handle", "C", "down"))) == Changed("hover")
    assert ui.draft == ("C", 1) and ui.axis == "column"
    assert ("draft", "C", 1) in ui.effects
    interpret_move(ui, state, Pick(("handle", "C", "up")))
    assert ui.draft is None and ("undraft",) in ui.effects  # back to where it was
    interpret_move(ui, state, Pick(("handle", "C", "down")))
    result = interpret_move(ui, state, Pick(("chip", 3)))
    assert result == Changed("place") and ui.pending == [Shift("C", "down", 3)]
    assert ui.draft is None and ui.effects[-3][0] == "entered"
    interpret_move(ui, state, Pick(("handle", "2", "left")))
    assert interpret_move(ui, state, Key("confirm")) == Changed("place")
    assert ui.pending == [Shift("C", "down", 3), Shift("2", "left", 1)]
    # nothing reaches the match before Confirm: the local state carries the turn
    assert local(ui, state) == state.apply(ui.pending[0]).apply(ui.pending[1])


def test_the_last_shift_completes_the_turn_and_confirm_submits_it_whole():
    state = in_play()
    ui = GameUI(base=state)
    assert interpret_move(ui, state, Pick("confirm")) is Unused  # nothing held
    for line in ("A", "B"):
        interpret_move(ui, state, Pick(("handle", line, "down")))
        interpret_move(ui, state, Key("confirm"))
    assert interpret_move(ui, state, Pick("confirm")) == Refuse(
        "Enter 1 more shift first", "warning", None
    )
    interpret_move(ui, state, Pick(("handle", "C", "down")))
    result = interpret_move(ui, state, Key("confirm"))
    assert result.say.startswith("Turn complete") and turn_complete(ui, state)
    assert interpret_move(ui, state, Pick(("handle", "D", "down"))).reason.startswith(
        "All shifts of this turn are entered"
    )
    assert interpret_move(ui, state, Key("confirm")) == Submit(tuple(ui.pending))
    assert len(ui.pending) == 3


def test_take_back_goes_draft_first_then_the_last_held_shift():
    state = in_play()
    ui = GameUI(base=state)
    assert interpret_move(ui, state, Key("cancel")) == Refuse(
        "Nothing to take back in this turn", "warning", None
    )
    interpret_move(ui, state, Pick(("handle", "A", "down")))
    interpret_move(ui, state, Key("confirm"))
    interpret_move(ui, state, Pick(("handle", "B", "up")))
    assert interpret_move(ui, state, Pick("takeback")) == Changed()
    assert ui.draft is None and ui.pending == [Shift("A", "down", 1)]
    result = interpret_move(ui, state, Key("cancel"))
    assert result == Changed("back", say="Took back A down 1", seconds=2.0)
    assert ui.pending == [] and ("took back", Shift("A", "down", 1)) in ui.effects


def test_keys_move_the_cursor_grab_a_line_and_step_along_it():
    state = in_play()
    ui = GameUI(base=state, cursor=0)
    interpret_move(ui, state, Key("right"))
    interpret_move(ui, state, Key("down"))
    assert ui.cursor == 7  # B2
    result = interpret_move(ui, state, Key("confirm"))
    assert ui.grabbed == "B" and result.say.startswith("Column B")
    interpret_move(ui, state, Key("up"))
    interpret_move(ui, state, Key("up"))
    assert ui.draft == ("B", -2)
    interpret_move(ui, state, Key("right"))  # across the held line: hold the next one
    assert ui.draft is None and ui.grabbed == "C"
    interpret_move(ui, state, Key("4"))  # a row by its number
    assert ui.axis == "row" and ui.grabbed is None and ui.cursor // 6 == 3
    ui.cursor = 35
    interpret_move(ui, state, Key("right"))
    assert ui.cursor == 30  # the cursor wraps like the board


def test_a_drag_holds_its_line_and_drops_a_shift_and_a_banned_line_says_why():
    state = in_play()
    ui = GameUI(base=state)
    assert interpret_move(ui, state, LineDrag("3")) == Changed()
    assert interpret_move(ui, state, LineDrag("3", -2)) == Changed("place")
    assert ui.pending == [Shift("3", "left", 2)]
    assert interpret_move(ui, state, LineDrag("3", 0)) == Changed() and len(ui.pending) == 1
    # the lines the opponent shifted last turn are banned
    after = state
    for line in ("A", "B", "C"):
        after = after.apply(Shift(line, "down", 1))
    banned = after.banned_lines()
    assert "A" in banned
    ui = GameUI(base=after)
    assert interpret_move(ui, after, LineDrag("A")) == Refuse(banned["A"], "warning")
    assert interpret_move(ui, state, LineDrag("A"), waiting_on="bot") == Refuse(
        "Wait for the bot to move", "warning", None
    )


def test_a_shift_into_a_rock_is_refused_with_the_move_for_the_bump():
    for seed in range(1, 40):
        state = in_play(seed, rocks=True)
        for line in ("A", "B", "C", "D", "E", "F", "1", "2", "3", "4", "5", "6"):
            move = Shift(line, "down" if line.isalpha() else "right", 1)
            why = state.why_illegal(move)
            if why and "rock" in why.lower():
                ui = GameUI(base=state)
                d = "down" if line.isalpha() else "right"
                result = interpret_move(ui, state, Pick(("handle", line, d)))
                assert result == Refuse(why, move=move)
                return
    raise AssertionError("no seed put a rock at an edge")


def test_color_convertor_mode_converts_the_tapped_crystal():
    state = in_play(1, convertor=True)
    ui = GameUI(base=state)
    result = interpret_move(ui, state, Key("convert"))
    assert ui.convert_mode and result.say.startswith("Color Convertor")
    mine = state.seat_colours(state.to_move)
    cell = next(i for i in range(36) if state.board[i] == mine[0])
    assert interpret_move(ui, state, Cell(cell)) == Changed("place")
    assert ui.pending == [Convert(cell, mine[1])] and not ui.convert_mode


def test_a_lesson_gives_each_shift_to_the_match_at_once():
    state = in_play()
    ui = GameUI(base=state, hold=False)
    interpret_move(ui, state, Pick(("handle", "A", "down")))
    assert interpret_move(ui, state, Key("confirm")) == Submit(Shift("A", "down", 1))
    assert ui.pending == []
