"""Controller Start and B on every screen, and the seed's on-screen number pad.

Start and B are different keys, so a screen can tell "pause" from "back": Start is
the Pause key (it pauses a game and presses a menu's main button); B is Escape: back
(in a game it first drops a half-entered move)."""

from game.midend.match import Match, Seat
from game.rules.chromatic_collapse import square_cell
from game.rules.contract import GameSetup
from scenes.play import play_scene_for
from scenes.select import SelectScene
from tests.drive import control, names
from tests.test_input_chromatic_collapse import pad, pad_focus, tap

A, B, START = 0, 1, 6


def open_select(app, game="chromatic-collapse"):
    app.push(SelectScene(app, game))
    app.run_ticks(2)
    return app.top


# -- the seed's number pad ------------------------------------------------------------------
def test_seed_typed_on_the_number_pad_by_controller_starts_that_game(app):
    select = open_select(app)
    pad_focus(app, "123")
    pad(app, A, ticks=2)
    assert names(app)[-1] == "keypad"
    for digit in "407":
        pad_focus(app, digit)
        pad(app, A)
    pad_focus(app, "Delete")
    pad(app, A)  # 40
    pad_focus(app, "9")
    pad(app, A)  # 409
    assert app.top.value == "409"
    pad(app, START, ticks=2)  # Start = the pad's main button, OK
    assert app.top is select and select.cfg()["seed"] == "409"
    assert select.seed_entry.get_text() == "409"
    pad(app, START, ticks=2)  # Start on game select: start the game
    assert names(app)[-1] == "play"
    assert app.top.match.setup.seed == 409 and app.top.match.setup.game == "chromatic-collapse"


def test_b_on_the_number_pad_leaves_the_seed_as_it_was(app):
    select = open_select(app)
    select.set_seed("12")
    pad_focus(app, "123")
    pad(app, A, ticks=2)
    pad_focus(app, "Clear")
    pad(app, A)
    pad_focus(app, "5")
    pad(app, A)
    assert app.top.value == "5"
    pad(app, B, ticks=2)
    assert app.top is select and select.cfg()["seed"] == "12"


def test_seed_by_touch_tapping_the_box_opens_the_pad(app):
    select = open_select(app, "color-crossroads")
    tap(app, select.seed_entry.rect.center, ticks=2)
    assert names(app)[-1] == "keypad"
    keypad = app.top
    for digit in "31":
        tap(app, control(app.top, digit).element.rect.center, ticks=2)
    tap(app, control(app.top, "OK").element.rect.center, ticks=2)
    assert app.top is select and select.cfg()["seed"] == "31"
    tap(app, control(app.top, "Start").element.rect.center, ticks=2)
    assert names(app)[-1] == "play" and app.top.match.setup.seed == 31
    assert keypad not in app.stack


def test_random_on_the_pad_empties_the_seed(app):
    select = open_select(app)
    select.set_seed("77")
    select.open_keypad()
    app.run_ticks(2)
    tap(app, control(app.top, "Random").element.rect.center, ticks=2)
    assert app.top is select and select.cfg()["seed"] == ""


# -- Start and B, screen by screen ------------------------------------------------------------
def test_title_start_plays_and_b_stays(app):
    pad(app, B, ticks=2)
    assert names(app) == ["title"]  # the bottom of the stack: nothing to go back to
    pad(app, START, ticks=2)
    assert names(app) == ["title", "select"]
    pad(app, B, ticks=2)
    assert names(app) == ["title"]


def test_settings_and_rules_b_and_start_both_go_back(app):
    from scenes.rules import RulesScene
    from scenes.settings import SettingsScene

    for scene in (SettingsScene(app), RulesScene(app, "element-shift")):
        for button in (B, START):
            app.push(scene)
            app.run_ticks(2)
            assert app.top is scene
            pad(app, button, ticks=2)
            assert names(app) == ["title"], (scene.name, button)


def start_game(app, game, seats=("person", "hard"), seed=7):
    spec_seats = [Seat.person() if s == "person" else Seat.bot(s) for s in seats]
    setup = GameSetup(game, len(seats), {}, seed)
    match = Match.new(setup, spec_seats)
    view = play_scene_for(app, match)
    app.push(view)
    app.run_ticks(2)
    return view


def test_in_a_game_start_pauses_and_b_drops_a_selected_piece_first(app):
    view = start_game(app, "chromatic-collapse")
    view.match.submit_text("start Diamond")
    app.run_ticks(30)
    square = view.match.state.movable_squares()[0]
    view.activate(square)
    assert view.selected == square
    pad(app, B, ticks=2)
    assert view.selected is None and app.top is view  # back: the piece is let go
    pad(app, B, ticks=2)
    assert names(app)[-1] == "pause"  # nothing to let go: back opens the pause menu
    pad(app, B, ticks=2)
    assert app.top is view  # B on the pause menu: back to the game
    view.activate(square)
    pad(app, START, ticks=2)
    assert names(app)[-1] == "pause" and view.selected == square  # Start pauses at once
    pad(app, START, ticks=2)
    assert app.top is view  # Start on the pause menu: its main button, Resume
    assert square_cell(square)  # the square is a real one


def test_results_start_rematches_and_b_goes_to_the_title(app):
    from scenes.results import ResultsScene

    for button, expect in ((START, "play"), (B, "title")):
        view = start_game(app, "crystal-connector", seats=("person", "random"))
        match = view.match
        while not match.is_over():
            match.submit(match.state.legal_moves()[0])
        app.push(ResultsScene(app, match))
        app.run_ticks(2)
        pad(app, button, ticks=2)
        assert names(app)[-1] == expect, button
        if expect == "play":
            assert app.top.match is not match
        app.reset_to(type(app.stack[0])(app))
        app.run_ticks(2)
