"""Whole tutorials completed headless with one kind of input each (mouse, finger,
controller), reusing the whole-game tests' helpers, then the hand-over to a real game
against the Easy bot and the Learned mark on the game's card; and a wrong move at a
step: another legal move is played then taken back with the step's reason, an
illegal one is refused with the engine's own reason."""

import pygame
import pytest

from game.content.tutorials import load_tutorial
from scenes.learned import learned_games
from scenes.tutorial import open_tutorial
from tests import test_input_chromatic_collapse as CCI
from tests import test_input_color_crossroads as XI
from tests import test_input_crystal_connector as CNI
from tests import test_input_crystal_formation as FI
from tests import test_input_element_shift as ESI
from tests import test_view_chromatic_collapse as CCV

A, RSHOULDER, LSHOULDER = 0, 10, 9


def click(app, pos):
    app.post_click((int(pos[0]), int(pos[1])))  # a real mouse reports whole pixels
    app.run_ticks(1)


def press_next(app, view, how):
    rect = view.tutorial_buttons()["next"]
    if how == "mouse":
        click(app, rect.center)
    elif how == "finger":
        CCI.tap(app, rect.center)
    else:
        CCI.pad(app, A)


def enter_collapse(app, view, move, how):
    if how == "mouse":
        CCV.enter_by_clicks(app, view, move)
    elif how == "finger":
        CCI.enter_by_finger(app, view, move, use_drag=view.step_index % 2 == 0)
    else:
        CCI.enter_by_pad(app, view, move, "dpad")


def enter_crossroads(app, view, move, how):
    from game.rules.color_crossroads import Answer, Challenge, Place

    hand = XI.Pad(app, view) if how == "pad" else XI.Finger(app, view)
    if isinstance(move, Place):
        if how == "mouse":
            click(app, XI.V.cell_center(move.cell))
            click(app, XI.V.swatch_rect(move.colour).center)
        else:
            hand.place(move)
    elif isinstance(move, Challenge):
        click(app, XI.V.challenge_rect(move.pair).center) if how == "mouse" else hand.challenge(
            move.pair
        )
    elif isinstance(move, Answer):
        if how == "mouse":
            for c in move.cells:
                click(app, XI.V.cell_center(c))
            click(app, XI.V.SUBMIT_RECT.center)
        else:
            hand.draw_path(move.cells)
            hand.submit()
    else:
        raise AssertionError(f"no input for {move}")


def enter_connector(app, view, move, how):
    """A shift by the arrow handle and a distance chip (mouse), a drag along the line
    (finger), or the board cursor, A, the d-pad and A (controller).  The lesson takes
    each shift at once (no Confirm): the match has it as soon as it is entered."""
    before = len(view.match.entries)
    k = CNI.LINES.index(move.line)
    if how == "mouse":
        click(app, CNI.handle_rect(move.line, move.direction).center)
        assert view.draft == (move.line, CNI.signed(move) // move.distance), view.banner
        click(app, view.chip_rect(move.distance).center)
    elif how == "finger":
        if k < CNI.SIZE:  # a column: grab it on row 3 and pull vertically
            start = CNI.cell_rect(2 * CNI.SIZE + k).center
            end = (start[0], start[1] + CNI.signed(move) * CNI.CELL)
        else:
            start = CNI.cell_rect((k - CNI.SIZE) * CNI.SIZE + 2).center
            end = (start[0] + CNI.signed(move) * CNI.CELL, start[1])
        CNI.finger_drag(app, start, end)
    else:
        if k < CNI.SIZE:
            CNI.pad_cursor(app, view, None, k)
            CNI.pad_to_board_focus(app, view, "column")
        else:
            CNI.pad_cursor(app, view, k - CNI.SIZE, None)
            CNI.pad_to_board_focus(app, view, "row")
        CNI.pad(app, A)
        assert view.grabbed == move.line, view.banner
        CNI.pad(app, CNI.PAD_FOR[move.direction], move.distance)
        assert view.draft == (move.line, CNI.signed(move)), view.banner
        CNI.pad(app, A)
    app.run_ticks(1)
    assert [e.text for e in view.match.entries[before:]] == [str(move)], view.banner


def enter_formation(app, view, move, how):
    from game.rules.crystal_formation import Grow, MoveNode, Place

    before = len(view.match.entries)
    if how == "finger":
        FI.touch_move(app, view, move, view.step_index)
    elif how == "pad":
        FI.controller_move(app, view, move, view.step_index)
    elif isinstance(move, Place):
        click(app, view.geom.center(move.cell))
    elif isinstance(move, Grow):
        click(app, view.geom.center(move.cell))
        assert view.selected == move.cell
        click(app, view.button_rect(f"grow:{move.size}").center)
    elif isinstance(move, MoveNode):
        click(app, view.geom.center(move.source))
        click(app, view.geom.center(move.target))
    assert view.match.entries[before].text == str(move), view.banner


def enter_element_shift(app, view, move, how):
    from game.rules.element_shift import StartPick

    m = view.match
    before = len(m.entries)
    press = {"mouse": click, "finger": ESI.tap}.get(how)
    if isinstance(move, StartPick):
        if how == "pad":
            ESI.cursor_to(app, view, move.cell)
            ESI.pad(app, A)
            assert view.pick == move.cell
            ESI.view_focus(app, view, "start")
            ESI.pad(app, 2)  # X
        else:
            press(app, ESI.cell_center(move.cell))
            assert view.pick == move.cell and len(m.entries) == before
            press(app, ESI.cell_center(move.cell))
    else:
        if move.switch != view.plan_switch:
            ESI.pad(app, 4) if how == "pad" else press(app, view.control_rect("switch").center)
        assert view.plan_switch == move.switch
        for k, token in enumerate(move.actions):
            target = ESI.action_target(view, token)
            if how == "pad":
                ESI.cursor_to(app, view, target)
                ESI.pad(app, A)
            else:
                press(app, ESI.cell_center(target))
            assert view.plan_actions == list(move.actions[: k + 1]), view.banner
        if how == "pad":
            ESI.pad(app, A)  # a full plan: A submits
        else:
            press(app, view.control_rect("submit").center)
    assert m.entries[before].text == str(move), view.banner


ENTER = {
    "chromatic-collapse": enter_collapse,
    "color-crossroads": enter_crossroads,
    "crystal-connector": enter_connector,
    "crystal-formation": enter_formation,
    "element-shift": enter_element_shift,
}


def run_whole_tutorial(app, game_id, how):
    tut = load_tutorial(game_id)
    assert open_tutorial(app, game_id)
    app.run_ticks(2)
    for i in range(len(tut.steps)):
        view = app.top
        assert view.step_index == i and view.tutorial is not None
        if view.phase == "doing":
            move = view.match.parse(view.step.expect[0])
            ENTER[game_id](app, view, move, how)
            assert view.phase != "doing", (i + 1, view.banner)
        assert app.run_until(lambda v=view: v.phase == "done", max_ticks=4000), (i + 1, view.banner)
        assert view.result == view.step.done
        app.run_until(lambda v=view: not v.anim and not v.queue, max_ticks=600)
        press_next(app, view, how)
        app.run_ticks(1)
    # handed over: a real game against the Easy bot, the card marked as learned
    game = app.top
    assert not getattr(game, "is_tutorial", False) and game.spec.id == game_id
    seats = game.match.seats
    assert not seats[0].is_bot and [s.level for s in seats[1:]] == ["easy"] * (len(seats) - 1)
    assert game_id in learned_games(app.paths)


@pytest.mark.parametrize("how", ["mouse", "finger", "pad"])
@pytest.mark.parametrize(
    "game_id",
    [
        "crystal-connector",
        "chromatic-collapse",
        "element-shift",
        "crystal-formation",
        "color-crossroads",
    ],
)
def test_a_whole_tutorial_by_one_kind_of_input(app, game_id, how):
    run_whole_tutorial(app, game_id, how)


def test_a_wrong_move_is_taken_back_with_why_and_an_illegal_one_refused_with_the_engines_reason(
    app,
):
    assert open_tutorial(app, "chromatic-collapse")
    app.run_ticks(2)
    view = app.top
    before = view.match.state
    CCV.enter_by_clicks(app, view, view.match.parse("b1-b3"))  # legal, not this step's lesson
    assert view.phase == "taking back" and view.banner == view.step.other
    app.run_until(lambda: view.phase == "doing", max_ticks=600)
    assert view.match.state == before and view.banner == view.step.other
    assert view.try_move(view.match.parse("d1-d4")) is False  # the wrong distance
    assert view.banner.startswith("The piece on d1 must go exactly 2 squares")
    assert view.match.state == before
    CCV.enter_by_clicks(app, view, view.match.parse("d1-d3"))
    app.run_until(lambda: view.phase == "done", max_ticks=600)
    assert view.result == view.step.done


def test_back_and_skip_by_shoulder_buttons_and_progress(app):
    assert open_tutorial(app, "color-crossroads")
    app.run_ticks(2)
    assert app.top.step_index == 0 and "back" not in app.top.tutorial_buttons()
    CCI.pad(app, RSHOULDER)  # Skip
    CCI.pad(app, RSHOULDER)
    assert app.top.step_index == 2
    CCI.pad(app, LSHOULDER)  # Back
    assert app.top.step_index == 1
    app.top.draw(pygame.Surface((1280, 720)), 0.0)


def test_select_card_learn_and_pause_learn_open_the_tutorial(app):
    from scenes.select import SelectScene

    app.push(SelectScene(app, "crystal-formation"))
    app.run_ticks(1)
    learn = [c for c in app.top.controls if c.element.text == "Learn"]
    assert len(learn) == 5
    click(app, learn[3].element.rect.center)
    app.run_ticks(1)
    assert getattr(app.top, "is_tutorial", False) and app.top.spec.id == "crystal-formation"


def test_a_damaged_tutorial_is_reported_and_nothing_opens(app, monkeypatch):
    import scenes.tutorial as T
    from game.content.tutorials import TutorialError

    def broken(game_id):
        raise TutorialError("tutorial-element-shift.json is not valid JSON (line 1)")

    monkeypatch.setattr(T, "load_tutorial", broken)
    before = list(app.stack)
    assert T.open_tutorial(app, "element-shift") is False
    app.run_ticks(1)
    assert list(app.stack) == before
    assert any("not valid JSON" in t.text for t in app.__dict__.get("_toasts", []))


@pytest.mark.parametrize(
    "game_id",
    [
        "crystal-connector",
        "chromatic-collapse",
        "element-shift",
        "crystal-formation",
        "color-crossroads",
    ],
)
def test_every_caption_and_result_fits_the_card_and_every_lit_cell_is_on_the_board(app, game_id):
    from scenes.tutorial import board_rect, lit_rect

    tut = load_tutorial(game_id)
    assert open_tutorial(app, game_id)
    app.run_ticks(1)
    scene = app.top
    board = board_rect(scene, game_id)
    for i, step in enumerate(tut.steps):
        for text in (step.caption, step.done):
            assert len(scene.caption_lines(text)) <= 3, (i + 1, text)
        for name in step.lit:
            rect = lit_rect(scene, game_id, name)
            assert rect is not None and board.contains(rect), (i + 1, name)


@pytest.mark.parametrize("how", ["finger", "key"])
def test_the_kiosk_attract_banner_offers_to_learn_the_game_on_show(paths, how):
    import os

    from scenes.boot import make_app

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    kiosk = make_app(headless=True, paths=paths, kiosk=True)
    try:
        kiosk.kiosk_config.attract_after_seconds = 1
        kiosk.run_ticks(62, draw=False)
        demo = kiosk.top
        assert demo.name == "attract"
        shown = demo.inner.spec.id
        kiosk.run_ticks(1)  # the banner is drawn
        if how == "finger":
            CCI.tap(kiosk, demo.learn_rect().center)
        else:
            kiosk.post_key(pygame.K_h)  # controller Y
        kiosk.run_ticks(1)
        assert [s.name for s in kiosk.stack] == ["title", "play"]
        assert kiosk.top.is_tutorial and kiosk.top.spec.id == shown and kiosk.top.step_index == 0
        # a touch anywhere else still means play: back to the title
        kiosk.reset_to(demo.__class__(kiosk))
        kiosk.run_ticks(2)
        CCI.tap(kiosk, (200, 300))
        kiosk.run_ticks(1)
        assert [s.name for s in kiosk.stack] == ["title"]
    finally:
        kiosk.shutdown()


@pytest.mark.parametrize(
    "game_id",
    [
        "crystal-connector",
        "chromatic-collapse",
        "element-shift",
        "crystal-formation",
        "color-crossroads",
    ],
)
def test_hint_names_the_steps_move_and_the_view_draws_it(app, game_id):
    assert open_tutorial(app, game_id)
    app.run_ticks(2)
    view = app.top
    app.post_key(pygame.K_h)
    assert view.banner == "Hint: " + view.step.hint
    assert str(view.hint) == str(view.match.parse(view.step.expect[0]))
    app.run_ticks(2, draw=True)  # the view draws the hint on its board


def test_a_banned_line_dragged_by_finger_is_refused_with_the_engines_reason(app):
    tut = load_tutorial("crystal-connector")
    assert open_tutorial(app, "crystal-connector", len(tut.steps) - 1)
    app.run_ticks(2)
    view = app.top
    before = view.match.state
    start = CNI.cell_rect(2 * CNI.SIZE + 5).center  # column F, grabbed on row 3
    CNI.finger_drag(app, start, (start[0], start[1] - CNI.CELL))  # F up 1
    app.run_ticks(1)
    assert view.banner == "Column F was shifted by your opponent last turn"
    assert view.match.state is before and view.phase == "doing"


def test_the_hand_over_pulses_the_hint_button_once(app):
    from scenes.tutorial import HANDOVER_PULSE_TICKS, hand_over

    hand_over(app, "color-crossroads")
    app.run_ticks(1)
    game = app.top
    rect = game.hint_button.rect.inflate(14, 14)

    def ring():
        surface = pygame.Surface((1280, 720))
        game.draw(surface, 0.0)
        return pygame.image.tobytes(surface.subsurface(rect), "RGB")

    early = ring()
    game.ticks = HANDOVER_PULSE_TICKS + 10
    assert ring() != early  # the ring is gone: it pulsed once, at the start
    assert game.match.seats[1].level == "easy" and not game.match.seats[0].is_bot


def test_a_finished_tutorial_marks_its_card_learned(app):
    from scenes.learned import mark_learned
    from scenes.select import SelectScene

    assert mark_learned(app.paths, "element-shift") is None
    app.push(SelectScene(app))
    app.run_ticks(1, draw=True)
    assert app.top.learned == {"element-shift"}
    # damaged: set aside, nothing learned, no crash
    (app.paths.config / "learned.json").write_text("{not json")
    from scenes.learned import learned_games

    assert learned_games(app.paths) == set()


def test_the_controller_reaches_a_cards_learn_button(app):
    from scenes.select import SelectScene

    app.push(SelectScene(app, "chromatic-collapse"))
    app.run_ticks(1)
    scene = app.top
    assert scene.controls[scene.focus_index].element.text == "Chromatic Collapse"
    CCI.pad(app, 11)  # d-pad up
    assert scene.controls[scene.focus_index].element.text == "Learn"
    CCI.pad(app, A)
    app.run_ticks(1)
    assert app.top.is_tutorial and app.top.spec.id == "chromatic-collapse"


def test_the_colour_blind_glyphs_apply_in_a_tutorial(app):
    from scenes.tutorial import board_rect

    assert open_tutorial(app, "color-crossroads", 2)
    app.run_ticks(2)
    view = app.top

    def board():
        surface = pygame.Surface((1280, 720))
        view.draw(surface, 0.0)
        return pygame.image.tobytes(surface.subsurface(board_rect(view, "color-crossroads")), "RGB")

    app.settings.colour_blind = False
    plain = board()
    assert board() == plain  # drawing twice draws the same: only the setting differs below
    app.settings.colour_blind = True
    assert board() != plain
