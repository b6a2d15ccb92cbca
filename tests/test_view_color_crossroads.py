"""Color Crossroads' play screen, driven headless with synthetic input only.

Every action here goes through the screen: clicks at the positions the view computes,
keys, finger events.  The engine is consulted only to choose what a simple player
would do (which cell, which loop) and to check what happened.
"""

import random
import time
from functools import partial

import pygame
import pytest

from game.ai.base import Budget
from game.ai.color_crossroads import HardBot, MediumBot
from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.color_crossroads import (
    CELLS,
    COLOURS,
    EMPTY,
    PAIRS,
    Answer,
    Challenge,
    EndTurn,
    Pass,
    Place,
    check_loop,
    find_loop,
    loop_exists,
    parse_cell,
)
from game.rules.contract import GameSetup
from scenes.play import color_crossroads as V
from tests import drive
from tests.drive import focused_text, motion
from tests.drive import settle_for_person as settle
from tests.drive import wait_ticks as wait

# a click or a key, then the tick that handles it
click = partial(drive.click, ticks=1)
key = partial(drive.key, ticks=1)


# -- driving helpers ---------------------------------------------------------------------
def drag(app, cells):
    """Press on the first cell, move through the others, release on the last."""
    app.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=V.cell_center(cells[0]), button=1, touch=False
        )
    )
    for c in cells[1:]:
        motion(app, V.cell_center(c), True)
    app.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=V.cell_center(cells[-1]), button=1, touch=False
        )
    )
    app.run_ticks(1)


def start_from_title(app, seat2="hard"):
    """Title -> Play -> the Color Crossroads card -> Player 2 seat -> Start, by mouse."""
    title = app.top
    play = next(c for c in title.controls if c.element.text == "Play")
    click(app, play.element.rect.center)
    select = app.top
    assert select.name == "select"
    click(app, select.card_rects["color-crossroads"].center)
    assert select.game_id == "color-crossroads"
    wanted = {
        "hard": "Bot: Hard",
        "medium": "Bot: Medium",
        "person": "Person",
        "easy": "Bot: Easy",
    }[seat2]
    seat = next(c for c in select.controls if c.element.text.startswith("Player 2:"))
    for _ in range(4):
        if wanted in seat.element.text:
            break
        click(app, seat.element.rect.center)
    assert wanted in seat.element.text
    start = next(c for c in select.controls if c.element.text.startswith("Start"))
    click(app, start.element.rect.center, ticks=2)
    view = app.top
    assert isinstance(view, V.ColorCrossroadsView)
    return view


def make_view(app, moves=(), seats=("person", "person"), seed=3):
    setup = GameSetup.parse(f"color-crossroads#{seed}", GAMES)
    match = Match(
        GAMES[setup.game],
        setup,
        [Seat.person() if k == "person" else Seat.bot(k) for k in seats],
        setup.start(GAMES),
    )
    for text in moves:
        match.submit_text(text)
    from scenes.play import play_scene_for

    view = play_scene_for(app, match)
    app.push(view)
    app.run_ticks(2)
    return view


def still(app, view):
    """Run until the last animation has played out: a press while one runs only skips
    it, so the next input of a test must wait for a still board."""
    wait(app, view, lambda: not view.anim and not view.queue)


def place_by_clicks(app, view, move):
    click(app, V.swatch_rect(move.colour).center)
    assert view.colour == move.colour
    click(app, V.cell_center(move.cell))


def draw_loop(app, loop):
    """Drag through the loop and back onto its first cell (which closes it)."""
    drag(app, list(loop) + [loop[0]])


def pair_is_dead(state, p):
    return not loop_exists(state, p)


def banner_is(view, reason):
    return view.banner == reason[:1].upper() + reason[1:]


# -- the whole game ----------------------------------------------------------------------
def test_whole_game_against_hard_from_title_to_results(app, monkeypatch):
    """A person plays the Hard bot through the screen from the title to the results.

    The person challenges a live pair once (the bot's loop is traced on the board) and
    otherwise plays what the Medium bot would (safe placements, dead pairs challenged),
    entered with clicks.  The Hard bot is made to challenge a live pair (a bluff) while
    the person has no point, so the person must draw a loop: the first drawn answer is
    left open on purpose (refused with the checker's reason), then drawn properly and
    accepted."""
    hard_choose = HardBot.choose

    def bluffing_choose(self, state, *, rng, budget=None):
        # Hard bluffs only when it has no kill, which a random game rarely allows; here it
        # challenges the pair with the longest loop while the person has no point yet.
        if state.phase == "turn" and state.can_challenge() and state.points[0] == 0:
            live = [p for p in state.open_pairs() if loop_exists(state, p)]
            if live:
                return Challenge(max(live, key=lambda p: len(find_loop(state, p))))
        return hard_choose(self, state, rng=rng, budget=budget)

    monkeypatch.setattr(HardBot, "choose", bluffing_choose)
    app.settings.animation_speed = 4.0
    view = start_from_title(app, "hard")
    view.bot_seconds = 0.05
    assert view.match.seats[1].level == "hard"
    rng = random.Random(7)
    policy = MediumBot()  # the person's choices; entered through the screen
    seen = {
        "refused": False,
        "accepted": False,
        "traced": False,
        "challenged_live": False,
        "placed": 0,
    }
    # setup: the person (Player 1) starts
    click(app, V.start_rects()[0].center)
    assert view.match.state.phase == "turn" and view.match.state.mover == 0
    for _ in range(400):
        settle(app, view)
        if app.top is not view:
            break
        st = view.match.state
        app.run_ticks(1)  # draw a frame of every position the person sees
        if st.phase == "answer":
            p = st.challenge_pair
            loop = find_loop(st, p)
            if loop is None:
                click(app, V.CONCEDE_RECT.center)
                click(app, V.CONCEDE_RECT.center)
                assert view.match.state.closed[p] == 1
                continue
            before = st.points[0]
            if not seen["refused"]:
                drag(app, list(loop[:-1]))  # never returns to the start
                assert view.path == list(loop[:-1]) and not view.closed
                click(app, V.SUBMIT_RECT.center)
                reason = check_loop(st, p, loop[:-1])
                assert reason and banner_is(view, reason) and view.banner_kind == "error"
                assert view.match.state is st and view.verdict[1] == "bad"
                seen["refused"] = True
                click(app, V.CLEAR_RECT.center)
                assert view.path == []
            draw_loop(app, loop)
            assert view.closed and view.path == list(loop)
            click(app, V.SUBMIT_RECT.center)
            assert view.match.state.points[0] == before + 1, view.banner
            seen["accepted"] = True
            continue
        assert st.phase == "turn" and st.mover == 0
        if not seen["challenged_live"] and st.can_challenge():
            p = next(p for p in st.open_pairs() if not pair_is_dead(st, p))
            click(app, V.challenge_rect(p).center)
            assert view.match.entries[-1].text == str(Challenge(p))
            seen["challenged_live"] = True
            # the bot shows its loop, traced on the board
            wait(app, view, lambda: view.anim is not None and isinstance(view.anim[2], Answer))
            old, _, move = view.anim[:3]
            assert check_loop(old, p, move.cells) is None
            view.anim_tick = view.anim[4] // 2
            app.run_ticks(1)  # a frame mid-trace
            settle(app, view)
            assert view.traced is not None and tuple(view.traced[0]) == move.cells
            seen["traced"] = True
            continue
        move = policy.choose(st, rng=rng, budget=Budget(seconds=0.1))
        entries = len(view.match.entries)
        if isinstance(move, Place):
            place_by_clicks(app, view, move)
            seen["placed"] += 1
        elif isinstance(move, Challenge):
            click(app, V.challenge_rect(move.pair).center)
        else:  # End turn, or Pass when nothing fits
            assert isinstance(move, (EndTurn, Pass))
            click(app, V.ACTION_RECT.center)
        assert view.match.entries[entries].text == str(move)
    wait(app, view, lambda: app.top is not view)
    assert app.top.name == "results"
    assert view.match.is_over()
    assert seen["refused"] and seen["accepted"] and seen["traced"] and seen["placed"] >= 2, (
        seen,
        "; ".join(e.text for e in view.match.entries)[-300:],
    )
    app.run_ticks(2)


# -- refusals, palette, pairs ------------------------------------------------------------
def test_refused_placement_shows_the_engine_reason_and_changes_nothing(app):
    view = make_view(app, ["player 1 starts"])
    st = view.match.state
    place_by_clicks(app, view, Place(parse_cell("B1"), 0))  # red next to the red corner
    assert banner_is(view, st.why_illegal(Place(parse_cell("B1"), 0)))
    assert view.banner.startswith("Red would touch red at A1") and view.banner_kind == "error"
    assert view.match.state is st
    # the colour stays chosen; a legal cell takes it
    click(app, V.cell_center(parse_cell("E5")))
    assert view.match.state.board[parse_cell("E5")] == 1
    still(app, view)
    # the turn goes on: place again is refused with the engine's words
    click(app, V.swatch_rect(1).center)
    click(app, V.cell_center(parse_cell("C5")))
    assert banner_is(view, "you have already placed this turn")


def test_cell_first_then_colour_and_drag_from_palette(app):
    view = make_view(app, ["player 1 starts"])
    click(app, V.cell_center(parse_cell("E5")))
    assert view.pending == parse_cell("E5")
    click(app, V.swatch_rect(2).center)  # yellow
    assert view.match.state.board[parse_cell("E5")] == 3
    still(app, view)
    click(app, V.ACTION_RECT.center)  # End turn
    assert view.match.state.mover == 1
    still(app, view)
    # drag a swatch onto a cell
    app.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=V.swatch_rect(3).center, button=1, touch=False
        )
    )
    motion(app, V.cell_center(parse_cell("C3")), True)
    app.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=V.cell_center(parse_cell("C3")), button=1, touch=False
        )
    )
    app.run_ticks(1)
    assert view.match.state.board[parse_cell("C3")] == 4


def test_palette_crosses_out_the_last_two_colours_and_dims_what_does_not_fit(app):
    view = make_view(
        app, ["player 1 starts", "place E5 red", "end turn", "place C3 green", "end turn"]
    )
    motion(app, V.cell_center(parse_cell("B1")), False)  # next to the red corner A1
    app.run_ticks(1)
    cell, fits, marks = view.palette_marks()
    assert cell == parse_cell("B1")
    assert marks[0] == "crossed" and marks[1] == "crossed"  # red and green were placed last
    assert fits == view.match.state.placeable_colours(cell)
    assert marks[2] == ("ok" if 2 in fits else "dim") and marks[3] == ("ok" if 3 in fits else "dim")
    motion(app, V.cell_center(parse_cell("A8")), False)  # next to the yellow corner A9
    app.run_ticks(1)
    _, fits, marks = view.palette_marks()
    assert 2 not in fits and marks[2] == "dim" and marks[3] == "ok"
    motion(app, V.cell_center(parse_cell("B2")), False)  # a wall: nothing fits
    app.run_ticks(1)
    assert view.palette_marks()[2] == ["crossed", "crossed", "dim", "dim"]


def test_every_target_is_at_least_44_px(app):
    view = make_view(app, [])
    rects = [t.rect for t in view.view_buttons()]
    view = make_view(app, ["player 1 starts"])
    rects += [t.rect for t in view.view_buttons()]
    view = make_view(app, ["player 1 starts", "place E5 red", "challenge red-blue"])
    rects += [t.rect for t in view.view_buttons()]
    assert {t.key for t in view.view_buttons()} >= {"submit", "clear", "concede"}
    rects += [V.cell_rect(i) for i in range(CELLS)]
    assert rects and all(r.w >= 44 and r.h >= 44 for r in rects)
    assert all(V.BOARD_AREA.contains(r) for r in rects if r.x < V.PANEL.x)
    assert all(V.PANEL.contains(r) for r in rects if r.x >= V.PANEL.x)


def test_challenge_buttons_and_closed_pairs_in_the_panel(app):
    view = make_view(app, ["player 1 starts", "place E5 red"])
    keys = {t.key for t in view.view_buttons()}
    assert {f"challenge:{p}" for p in range(6)} <= keys
    click(app, V.challenge_rect(2).center)  # red-blue
    st = view.match.state
    assert st.phase == "answer" and st.challenge_pair == 2
    still(app, view)
    # Player 2 concedes with two presses (the first asks "Sure?")
    click(app, V.CONCEDE_RECT.center)
    assert view.match.state is st and view.concede_armed > 0
    click(app, V.CONCEDE_RECT.center)
    st = view.match.state
    assert st.closed[2] == 0 and st.points == (1, 0)
    assert "challenge:2" not in {t.key for t in view.view_buttons()}
    app.run_ticks(3)
    # a second challenge in the same turn is refused with the engine's reason
    long_loop = "loop A1 B1 C1 D1 E1 F1 G1 H1 I1 I2 I3 H3 G3 F3 E3 D3 C3 B3 A3 A2"
    view = make_view(app, ["player 1 starts", "challenge red-green", long_loop])
    click(app, V.challenge_rect(1).center)
    assert banner_is(view, "you have already challenged this turn")


def test_a_wrong_loop_is_refused_with_the_reason_and_a_drawn_loop_is_accepted(app):
    view = make_view(
        app,
        [
            "player 1 starts",
            "place E5 red",
            "end turn",
            "place C3 green",
            "end turn",
            "place A5 blue",
            "challenge green-blue",
        ],
    )
    st = view.match.state
    assert view.answering()
    # clicking cells one by one: C3 B3 A3 A4 A5 then E5 (red): "E5 is red"
    for name in ("C3", "B3", "A3", "A4", "A5", "A6"):
        click(app, V.cell_center(parse_cell(name)))
    assert [V.cell_name(c) for c in view.path] == ["C3", "B3", "A3", "A4", "A5", "A6"]
    click(app, V.cell_center(parse_cell("A6")))  # the last cell again takes it back
    assert len(view.path) == 5
    click(app, V.cell_center(parse_cell("E5")))  # not a neighbour, and red
    click(app, V.SUBMIT_RECT.center)
    reason = check_loop(st, st.challenge_pair, view.path)
    assert reason == "E5 is red" and banner_is(view, reason) and view.match.state is st
    assert view.verdict == ("Refused: E5 is red", "bad")
    # Backspace takes back a cell; clicking an earlier cell cuts the path there
    key(app, pygame.K_BACKSPACE)
    click(app, V.cell_center(parse_cell("A3")))
    assert [V.cell_name(c) for c in view.path] == ["C3", "B3", "A3"]
    for name in ("A4", "A5", "B5", "C5", "C4", "C3"):
        click(app, V.cell_center(parse_cell(name)))
    assert view.closed and len(view.path) == 8
    key(app, pygame.K_h)  # no hints while answering
    assert "never says whether a loop exists" in view.banner
    click(app, V.SUBMIT_RECT.center)
    assert view.match.state.points == (0, 1)
    assert view.verdict == ("Loop accepted: +1", "good")
    assert view.path == []


def test_the_120_second_ring_runs_out_as_a_concession(app):
    view = make_view(app, ["player 1 starts", "place E5 red", "challenge red-blue"])
    clock = view.match.rule_clock
    assert clock is not None and 119.9 < clock.move_seconds_left() <= 120
    app.run_ticks(60, draw=False)
    assert 118.5 < view.match.rule_clock.move_seconds_left() < 119.5
    app.run_ticks(1)
    app.run_until(lambda: view.match.state.phase != "answer", max_ticks=120 * 60 + 10)
    st = view.match.state
    assert st.closed[2] == 0 and st.points == (1, 0)
    assert view.match.entries[-1].text == "concede"


def test_undo_against_the_bot(app):
    app.settings.animation_speed = 4.0
    view = make_view(app, ["player 1 starts"], seats=("person", "medium"))
    view.bot_seconds = 0.05
    place_by_clicks(app, view, Place(parse_cell("E5"), 0))
    still(app, view)
    click(app, V.ACTION_RECT.center)  # End turn
    settle(app, view)
    assert view.person_to_act() and len(view.match.entries) > 3
    # Undo takes back the person's latest decision (End turn) and the bot's replies ...
    key(app, pygame.K_u)
    st = view.match.state
    assert [e.text for e in view.match.entries] == ["player 1 starts", "place E5 red"]
    assert st.mover == 0 and st.placed_this_turn and st.board[parse_cell("E5")] == 1
    app.run_ticks(2)
    assert view.shown is view.match.state and not view.match.bot_to_move()
    # ... and once more the placement itself (the Undo button this time)
    undo = view._undo_button
    click(app, undo.rect.center)
    st = view.match.state
    assert not st.placed_this_turn and st.board[parse_cell("E5")] == EMPTY
    assert [e.text for e in view.match.entries] == ["player 1 starts"]
    # the person plays on and the bot answers again
    place_by_clicks(app, view, Place(parse_cell("C3"), 1))
    still(app, view)
    click(app, V.ACTION_RECT.center)
    settle(app, view)
    assert view.match.state.board[parse_cell("C3")] == 2 and len(view.match.entries) > 3


def test_keyboard_only_from_the_title(app):
    app.settings.animation_speed = 4.0
    key(app, pygame.K_RETURN)  # Play
    select = app.top
    assert select.name == "select"
    for _ in range(6):
        if select.game_id == "color-crossroads":
            break
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    assert select.game_id == "color-crossroads"
    for _ in range(20):
        if focused_text(app).startswith("Player 2"):
            break
        key(app, pygame.K_TAB)
    while "Person" not in focused_text(app):
        key(app, pygame.K_RIGHT)
    for _ in range(20):
        if focused_text(app).startswith("Start"):
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN, ticks=2)
    view = app.top
    assert isinstance(view, V.ColorCrossroadsView) and not any(s.is_bot for s in view.match.seats)
    # setup: Tab to "Player 1 starts", Enter
    key(app, pygame.K_TAB)
    assert view.focus_key == "start:0"
    key(app, pygame.K_RETURN)
    assert view.match.state.mover == 0
    still(app, view)
    # Player 1: colour 1 (red), cursor from E5 to F5, Enter places
    key(app, pygame.K_1)
    key(app, pygame.K_RIGHT)
    assert view.cursor == parse_cell("F5")
    key(app, pygame.K_RETURN)
    assert view.match.state.board[parse_cell("F5")] == 1
    still(app, view)
    # Tab to a Challenge button (green-blue) and press it
    for _ in range(20):
        if view.focus_key == "challenge:4":
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    st = view.match.state
    assert st.phase == "answer" and st.challenge_pair == 4 and view.answering()
    still(app, view)
    # Player 2 draws I1 I2 I3 H3 G3 G2 G1 H1 with Shift + arrows and submits with Tab
    loop = [parse_cell(n) for n in ("I1", "I2", "I3", "H3", "G3", "G2", "G1", "H1")]
    assert check_loop(st, 4, loop) == "no blue cell on the loop"
    for _ in range(8):
        key(app, pygame.K_UP)
    for _ in range(8):
        key(app, pygame.K_RIGHT)
    assert view.cursor == parse_cell("I1")
    for k in (
        pygame.K_DOWN,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_LEFT,
        pygame.K_UP,
        pygame.K_UP,
        pygame.K_RIGHT,
        pygame.K_RIGHT,
    ):
        key(app, k, pygame.KMOD_SHIFT)
    assert view.closed and view.path == loop
    while view.focus_key != "submit":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert banner_is(view, "no blue cell on the loop") and view.match.state is st
    # Enter on the start cell opens the loop again; concede instead: Tab, Enter, Enter
    while view.focus_key != "concede":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert view.match.state.closed[4] == 0


def test_finger_drag_draws_a_loop_and_a_tap_submits_once(app):
    view = make_view(
        app,
        [
            "player 1 starts",
            "place E5 red",
            "end turn",
            "place C3 green",
            "end turn",
            "place A5 blue",
            "challenge green-blue",
        ],
    )
    w, h = app.canvas.get_size()
    loop = [parse_cell(n) for n in ("C3", "B3", "A3", "A4", "A5", "B5", "C5", "C4")]

    def finger(kind, cell=None, pos=None):
        x, y = pos if pos is not None else V.cell_center(cell)
        fields = {
            "touch_id": 1,
            "finger_id": 0,
            "x": x / w,
            "y": y / h,
            "dx": 0.0,
            "dy": 0.0,
            "pressure": 1.0,
        }
        app.post(pygame.event.Event(kind, **fields))
        # SDL's own mouse copy of the touch must be ignored
        if kind == pygame.FINGERDOWN:
            app.post(
                pygame.event.Event(
                    pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1, touch=True
                )
            )

    finger(pygame.FINGERDOWN, loop[0])
    for c in loop[1:] + [loop[0]]:
        finger(pygame.FINGERMOTION, c)
    finger(pygame.FINGERUP, loop[0])
    app.run_ticks(1)
    assert view.closed and view.path == loop
    finger(pygame.FINGERDOWN, pos=V.SUBMIT_RECT.center)
    finger(pygame.FINGERUP, pos=V.SUBMIT_RECT.center)
    app.run_ticks(1)
    assert view.match.state.points == (0, 1)
    assert [e.text for e in view.match.entries].count(
        "loop " + " ".join(V.cell_name(c) for c in loop)
    ) == 1


def test_views_draw_in_every_phase_and_colour_blind_mode(app):
    app.settings.colour_blind = True
    from scenes.select import thumbnail

    pic = thumbnail(app, "color-crossroads", (214, 120))
    assert pic.get_bounding_rect().w > 100
    for moves in (
        [],
        ["player 1 starts"],
        ["player 1 starts", "place E5 red", "challenge red-blue"],
        ["player 1 starts", "place E5 red", "challenge red-blue", "concede"],
    ):
        view = make_view(app, moves)
        motion(app, V.cell_center(parse_cell("D5")), False)
        app.run_ticks(3)
        assert view.shown is view.match.state
    # each colour has its glyph on the board in colour-blind mode
    assert all(f"crystal_{c}" in app.theme.colours for c in COLOURS)
    assert PAIRS[2] == (0, 3)


@pytest.mark.parametrize("layout", ["open", "scattered"])
def test_other_wall_layouts_draw(app, layout):
    setup = GameSetup.parse(f"color-crossroads:walls={layout}#4", GAMES)
    match = Match(GAMES[setup.game], setup, [Seat.person(), Seat.person()], setup.start(GAMES))
    from scenes.play import play_scene_for

    view = play_scene_for(app, match)
    app.push(view)
    app.run_ticks(3)
    assert view.match.state.layout == layout


def test_bots_play_each_other_on_screen_like_the_attract_demo(app):
    """Bot against bot (the kiosk's demo): challenges, traced answers and concessions
    all animate without a person; the game ends on the results screen."""
    app.settings.animation_speed = 4.0
    view = make_view(app, [], seats=("easy", "medium"), seed=11)
    view.bot_seconds = 0.05
    view.autosave_enabled = False
    kinds = set()
    for _ in range(30000):
        if app.top is not view:
            break
        if view.ticket is not None:
            time.sleep(0.002)  # the bots think in real time
        app.run_ticks(1, draw=view.anim is not None)
        if view.anim is not None:
            kinds.add(type(view.anim[2]).__name__)
    assert app.top.name == "results" and view.match.is_over()
    assert {"Start", "Place", "Challenge"} <= kinds


def test_hint_on_your_turn_is_drawn_and_names_a_legal_action(app):
    view = make_view(app, ["player 1 starts", "place E5 red", "end turn", "place C3 green"])
    view.bot_seconds = 0.05
    key(app, pygame.K_h)
    wait(app, view, lambda: view.hint is not None)
    assert view.hint in view.match.state.legal_moves()
    assert view.banner.startswith("Hint: ")
    app.run_ticks(2)  # drawn on the board (and in the panel for a challenge)
