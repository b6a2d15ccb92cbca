"""Crystal Connector's play screen, driven headless with synthetic input: clicks and
drags at the positions the view computes, keys, and finger events."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.rules.crystal_connector import COLOURS, LINES, ROCK, SIZE, Convert, Shift, largest_sizes
from scenes.play.crystal_connector import CELL, CrystalConnectorView, cell_rect, handle_rect
from tests.drive import click, key

SETUP = ("pick first", "take red", "take blue green", "move second")  # Player 1 moves first
SEED = "4242"

KEY_OF = {ch: getattr(pygame, f"K_{ch.lower()}") for ch in "ABCDEF123456"}
ARROW = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}


# -- helpers ------------------------------------------------------------------------------
def wait(app, predicate, seconds: float = 20.0) -> None:
    """Tick (without drawing) until ``predicate`` holds; bots think in real time (while
    one is thinking, run_ticks gives it 2 ms of real time a tick; other ticks need none)."""
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out waiting for the screen"
        app.run_ticks(1, draw=False)


def settle(app, view) -> None:
    """Until the person may act (or the game has left the screen)."""
    wait(
        app,
        lambda: (
            app.top is not view
            or (
                view.my_turn()
                and not view.anim
                and not view.queue
                and view.match.state is view._base
            )
        ),
    )


def make(
    app,
    moves=SETUP,
    seats=("person", "hard"),
    options: str = "",
    seed: int = 12,
    preview: bool = True,
):
    app.settings.animation_speed = 4.0
    app.settings.shift_preview = preview
    setup = GameSetup.parse(f"crystal-connector{':' + options if options else ''}#{seed}", GAMES)
    kinds = [Seat.person() if k == "person" else Seat.bot(k) for k in seats]
    match = Match(GAMES[setup.game], setup, kinds, setup.start(GAMES))
    for text in moves:
        match.submit_text(text)
    view = CrystalConnectorView(app, match)
    view.bot_seconds = 0.05
    app.push(view)
    app.run_ticks(1)
    return view


def drag(app, start, end, steps: int = 6, finger: bool = False) -> None:
    """A mouse drag, or the same gesture as finger events (normalised coordinates)."""
    sx, sy = start
    ex, ey = end
    if finger:

        def ev(kind, x, y, dx=0.0, dy=0.0):
            return pygame.event.Event(
                kind,
                x=x / 1280,
                y=y / 720,
                dx=dx / 1280,
                dy=dy / 720,
                finger_id=1,
                touch_id=1,
                pressure=1,
            )

        app.post(ev(pygame.FINGERDOWN, sx, sy))
        px, py = sx, sy
        for k in range(1, steps + 1):
            x, y = sx + (ex - sx) * k / steps, sy + (ey - sy) * k / steps
            app.post(ev(pygame.FINGERMOTION, x, y, x - px, y - py))
            px, py = x, y
        app.post(ev(pygame.FINGERUP, ex, ey))
        return
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1, touch=False))
    for k in range(1, steps + 1):
        pos = (int(sx + (ex - sx) * k / steps), int(sy + (ey - sy) * k / steps))
        app.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False
            )
        )
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(ex, ey), button=1, touch=False))


def greedy_shift(state, rng: random.Random) -> Shift:
    """The person's simple policy: the shift that most improves their own product."""
    me = state.to_move
    a, b = state.seat_colours(me)
    best, best_value = None, None
    for m in state.legal_moves():
        if not isinstance(m, Shift):
            continue
        sizes = largest_sizes(state.shift_result(m)[0])
        value = sizes[a] * sizes[b] + rng.random()
        if best_value is None or value > best_value:
            best, best_value = m, value
    return best


def sign(move: Shift) -> int:
    return 1 if move.direction in ("down", "right") else -1


def enter_by_handles(app, view, move: Shift) -> None:
    click(app, handle_rect(move.line, move.direction).center)
    assert view.draft == (move.line, sign(move))
    click(app, view.chip_rect(move.distance).center)


def enter_by_drag(app, view, move: Shift, finger: bool = False) -> None:
    k = LINES.index(move.line)
    if k < SIZE:  # a column: grab it on row 3 and pull vertically
        start = cell_rect(2 * SIZE + k).center
        end = (start[0], start[1] + sign(move) * move.distance * CELL)
    else:
        start = cell_rect((k - SIZE) * SIZE + 2).center
        end = (start[0] + sign(move) * move.distance * CELL, start[1])
    drag(app, start, end, finger=finger)


def enter_by_keys(app, view, move: Shift) -> None:
    key(app, KEY_OF[move.line], unicode=move.line.lower())
    key(app, pygame.K_RETURN)
    assert view.grabbed == move.line
    for _ in range(move.distance):
        key(app, ARROW[move.direction])
    key(app, pygame.K_RETURN)


ENTER = (enter_by_handles, enter_by_drag, enter_by_keys)


def play_person_turn(app, view, rng: random.Random, turn: int) -> None:
    """Enter a whole turn the way a person would, then confirm it."""
    before = len(view.match.entries)
    required = view.local_state().shifts_left()
    for k in range(required):
        move = greedy_shift(view.local_state(), rng)
        n = len(view.pending)
        ENTER[(turn + k) % 3](app, view, move)
        assert view.pending[n:] == [move], f"{move} was not entered ({view.banner})"
        assert len(view.match.entries) == before  # held by the view until Confirm
    assert view.turn_complete()
    if turn % 2:
        key(app, pygame.K_RETURN)
    else:
        click(app, view.button_rect("confirm").center)
    assert len(view.match.entries) == before + required
    assert view.pending == []


def setup_by_clicks(app, view, rng: random.Random) -> None:
    state = view.match.state
    moves = [m for m, _ in view.choice_rects()]
    assert moves == state.legal_moves()
    k = rng.randrange(len(moves))
    click(app, view.choice_rects()[k][1].center)
    assert view.match.state is not state


# -- the whole game ------------------------------------------------------------------------
def test_whole_game_from_title_against_hard_bot(app):
    rng = random.Random(5)
    app.settings.animation_speed = 4.0
    title = app.top
    play = next(c for c in title.controls if c.element.text == "Play")
    click(app, play.element.rect.center)
    app.run_ticks(2)
    select = app.top
    assert select.name == "select"
    click(app, select.card_rects["crystal-connector"].center)
    app.run_ticks(2)
    assert select.game_id == "crystal-connector"
    seat2 = next(c for c in select.controls if c.element.text.startswith("Player 2"))
    while "Hard" not in seat2.element.text:
        click(app, seat2.element.rect.center)
        app.run_ticks(2)
    select.seed_entry.set_text(SEED)  # a reproducible game
    start = next(c for c in select.controls if c.element.text.startswith("Start"))
    click(app, start.element.rect.center)
    app.run_ticks(2)
    view = app.top
    assert isinstance(view, CrystalConnectorView)
    assert [s.kind for s in view.match.seats] == ["person", "bot"] and view.match.seats[
        1
    ].level == "hard"
    assert view.match.setup.seed == int(SEED)
    view.bot_seconds = 0.05
    # setup: the person's choices by clicking the cards; the bot makes its own
    while view.match.state.phase != "play":
        wait(
            app,
            lambda: (
                view.match.state.phase == "play"
                or (view.my_turn() and not view.anim and not view.queue)
            ),
        )
        if view.match.state.phase != "play":
            setup_by_clicks(app, view, rng)
    colours = view.match.state.colours
    assert sorted(colours[0] + colours[1]) == list(COLOURS)
    turns = 0
    while True:
        settle(app, view)
        if app.top is not view:
            break
        play_person_turn(app, view, rng, turns)
        turns += 1
        assert turns < 80
    wait(app, lambda: app.top.name == "results", 30)
    results = app.top
    state = view.match.state
    assert state.is_terminal() and results.outcome is not None
    person_turns = [r for r in state.turn_log if r.seat == 0]
    assert len(person_turns) == turns
    assert max(state.totals) >= state.threshold
    # the chart: one point per round, the totals as the engine kept them
    assert [r for r, _ in results.match.score_history] == list(range(1, state.round_number + 1))
    assert results.match.score_history[-1][1] == state.scores()
    app.run_ticks(2)  # the results screen draws its per-round chart


# -- shift preview ----------------------------------------------------------------------------
def test_preview_on_holds_the_turn_locally_and_takes_back_without_match_undo(app):
    view = make(app)
    m = view.match
    start = m.state
    enter_by_handles(app, view, Shift("C", "up", 2))
    enter_by_drag(app, view, Shift("2", "right", 3))
    assert [str(a) for a in view.pending] == ["C up 2", "2 right 3"]
    assert m.state is start and m.entries[-1].text == "move second"
    assert (
        view.local_state().board
        == start.apply(Shift("C", "up", 2)).apply(Shift("2", "right", 3)).board
    )
    assert view.board_on_screen() == view.local_state().board  # each shift shows as entered
    app.run_ticks(4)  # the taken-back line slides home on screen
    key(app, pygame.K_u)  # U takes back the last held shift: no match undo
    assert [str(a) for a in view.pending] == ["C up 2"] and m.state is start
    assert view.vis_line == "2"
    assert not view.turn_complete()
    # Confirm is refused until the turn is complete
    click(app, view.button_rect("confirm").center)
    assert len(m.entries) == len(SETUP)
    enter_by_keys(app, view, Shift("A", "down", 1))
    enter_by_handles(app, view, Shift("4", "left", 2))
    assert view.turn_complete()
    click(app, view.button_rect("confirm").center)
    assert [e.text for e in m.entries[-3:]] == ["C up 2", "A down 1", "4 left 2"]
    # the shifts were seen as they were entered: only the turn's score pop-up plays
    ticks = [view.transition_ticks(old, new, mv) for old, new, mv, _ in view.queue]
    assert ticks[:-1] == [1, 1] and ticks[-1] > 60
    # the pop-up: "+20 = 4 x 5" for each player, as the engine scored the turn
    old, new, _, _ = view.queue[-1]
    shown = view.popup_points(old, new)
    record = new.turn_log[-1]
    assert [tp.seat for tp in shown] == [0, 1]
    for tp in shown:
        assert tp.text == f"+{record.products[tp.seat]} = {tp.sizes[0]} x {tp.sizes[1]}"
    app.run_ticks(3)
    assert view.anim is not None
    app.run_ticks(10)  # draws the pop-up


def test_preview_off_freezes_the_board_then_plays_the_queue_one_by_one(app):
    view = make(app, preview=False)
    m = view.match
    start = m.state
    for mv in (Shift("C", "up", 2), Shift("2", "right", 3), Shift("A", "down", 1)):
        enter_by_handles(app, view, mv)
        app.run_ticks(2)
        assert view.board_on_screen() == start.board  # frozen: the turn's start stays on screen
    assert view.turn_complete()
    key(app, pygame.K_RETURN)
    assert [e.text for e in m.entries[-3:]] == ["C up 2", "2 right 3", "A down 1"]
    assert [str(mv) for _, _, mv, _ in view.queue] == ["C up 2", "2 right 3", "A down 1"]
    seen = []
    for _ in range(400):
        app.run_ticks(1)
        if view.anim is not None and (not seen or seen[-1] != str(view.anim[2])):
            seen.append(str(view.anim[2]))
        if not view.anim and not view.queue:
            break
    assert seen == ["C up 2", "2 right 3", "A down 1"]  # each one slides in turn


# -- refusals --------------------------------------------------------------------------------
def test_rock_refuses_a_shift_over_the_edge_with_a_bump_and_the_engines_reason(app):
    view = make(app, options="rocks", seed=3)
    state = view.match.state
    line, limit = next(
        (ln, state.line_limits(ln)[1]) for ln in LINES if state.line_limits(ln)[1] < SIZE - 1
    )
    direction = "down" if line.isalpha() else "right"
    for _ in range(limit):
        click(app, handle_rect(line, direction).center)
    assert (view.draft or (line, 0))[1] == (limit if limit else 0)
    click(app, handle_rect(line, direction).center)  # one more: a rock would cross the edge
    reason = state.why_illegal(Shift(line, direction, limit + 1))
    assert reason and "rock" in reason.lower()
    assert view.banner == reason and view.banner_kind == "error"
    assert view.bump is not None and view.bump[0] == line
    assert state.board[view.bump[2]] == ROCK
    assert view.pending == [] and view.match.state is state
    app.run_ticks(10)  # the bump plays


def test_banned_line_is_refused_with_the_reason(app):
    view = make(app, SETUP + ("C up 2", "2 right 3", "A down 1"), seats=("hard", "person"))
    settle(app, view)
    state = view.match.state
    assert set(state.banned_lines()) == {"C", "2", "A"}
    click(app, handle_rect("C", "down").center)
    assert view.banner == state.banned_lines()["C"]
    assert view.draft is None
    enter_by_drag(app, view, Shift("2", "left", 1))
    assert view.pending == [] and "shifted by your opponent" in view.banner


# -- undo, keyboard, touch, hint, convert ------------------------------------------------------
def test_undo_against_the_bot_returns_to_the_persons_turn(app):
    view = make(app)
    m = view.match
    rng = random.Random(1)
    play_person_turn(app, view, rng, 0)
    settle(app, view)  # the Hard bot has answered with its three shifts
    assert m.state.turn_log[-1].seat == 1 and len(m.entries) == len(SETUP) + 6
    key(app, pygame.K_u)
    # back to the person's turn: the bot's reply and the person's last shift are taken back
    assert m.to_move() == 0 and len(m.entries) == len(SETUP) + 2
    assert view.pending == [] and view.banner == "Took back your last move"
    app.run_ticks(30)
    assert m.to_move() == 0  # the bot does not move for the person


def test_keyboard_only_setup_and_turn(app):
    view = make(app, moves=(), seats=("person", "person"))
    m = view.match
    # Player 1: pick second (Right, Enter); Player 2 takes a colour; Player 1 takes two; Player 2: move first

    def still():  # each choice animates; a key during an animation only skips it
        wait(app, lambda: not view.anim and not view.queue)

    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert m.entries[-1].text == "pick second"
    still()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_SPACE)
    assert m.entries[-1].text == "take blue"
    still()
    key(app, pygame.K_RETURN)
    assert m.entries[-1].text.startswith("take ") and len(m.entries) == 3
    still()
    key(app, pygame.K_RETURN)
    assert m.entries[-1].text == "move first" and m.state.phase == "play"
    app.run_ticks(2)
    still()
    seat = m.to_move()
    # cursor moves with arrows; Tab switches row / column; Enter grabs the line
    view.cursor = 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)  # B2
    key(app, pygame.K_RETURN)
    assert view.grabbed == "B"
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_DOWN)
    assert view.draft == ("B", -1)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert view.grabbed == "2"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_5, unicode="5")
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert [str(a) for a in view.pending] == ["B up 1", "2 left 1", "5 right 2"]
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_5, unicode="5")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # all shifts in: Enter confirms
    assert [e.text for e in m.entries[-3:]] == ["B up 1", "2 left 1", "5 right 1"]
    assert m.to_move() == 1 - seat
    # F1 shows the rules, Escape pauses: both from the keyboard
    key(app, pygame.K_F1)
    app.run_ticks(1)
    assert app.top.name == "rules"
    key(app, pygame.K_ESCAPE)
    app.run_ticks(1)
    assert app.top is view
    key(app, pygame.K_ESCAPE)
    app.run_ticks(1)
    assert app.top.name == "pause"


def test_finger_drag_enters_a_shift_once(app):
    view = make(app)
    enter_by_drag(app, view, Shift("D", "down", 2), finger=True)
    assert view.pending == [Shift("D", "down", 2)]
    # a tap on a handle counts once (SDL's mouse copies of finger events are dropped)
    x, y = handle_rect("5", "left").center
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        app.post(
            pygame.event.Event(
                kind, x=x / 1280, y=y / 720, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1
            )
        )
        app.post(
            pygame.event.Event(
                pygame.MOUSEBUTTONDOWN if kind == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP,
                pos=(int(x), int(y)),
                button=1,
                touch=True,
            )
        )
    assert view.draft == ("5", -1)


def test_hint_is_the_hard_bots_suggestion_for_the_board_as_entered(app):
    view = make(app)
    enter_by_handles(app, view, Shift("C", "up", 2))
    key(app, pygame.K_h)
    wait(app, lambda: view.hint is not None)
    hint = view.hint
    assert isinstance(hint, Shift) and view.local_state().why_illegal(hint) is None
    app.run_ticks(2)  # drawn as a ghost arrow
    enter_by_handles(app, view, Shift("1", "right", 1))
    assert view.hint is None  # a new shift clears the old hint


def test_color_convertor_converts_one_of_your_crystals_first(app):
    view = make(app, options="convertor")
    state = view.match.state
    mine = state.seat_colours(0)
    cell = next(i for i in range(36) if state.board[i] == mine[0])
    click(app, view.button_rect("convert").center)
    assert view.convert_mode
    click(app, cell_rect(cell).center)
    assert view.pending == [Convert(cell, mine[1])]
    assert view.local_state().board[cell] == mine[1]
    assert view.button_rect("convert") is None  # once per turn, before the shifts
    key(app, pygame.K_v)
    assert not view.convert_mode and "already converted" in view.banner
    key(app, pygame.K_u)
    assert view.pending == []


@pytest.mark.parametrize("colour_blind", [False, True])
def test_every_phase_draws(app, colour_blind):
    app.settings.colour_blind = colour_blind
    view = make(app, moves=(), options="bombs,chameleon,pylons,spikes", seats=("person", "person"))
    for text in SETUP:
        app.run_ticks(2)
        view.try_move(view.match.parse(text))
        app.run_ticks(12)
    enter_by_drag(app, view, Shift("B", "up", 1))
    app.run_ticks(3)
    assert view.match.state.phase == "play"
    surf = pygame.Surface((220, 120), pygame.SRCALPHA)
    CrystalConnectorView.draw_thumbnail(
        surf, app.theme, GAMES["crystal-connector"].new_game(seed=1), app.settings
    )
    assert pygame.mask.from_surface(surf).count() > 5000


def test_out_of_time_hands_the_turn_to_the_bot_and_drops_held_shifts(app):
    app.settings.animation_speed = 4.0
    setup = GameSetup.parse("crystal-connector#3", GAMES)
    match = Match(
        GAMES[setup.game],
        setup,
        [Seat.person(), Seat.bot("hard")],
        setup.start(GAMES),
        "tournament",
    )
    for text in SETUP:
        match.submit_text(text)
    view = CrystalConnectorView(app, match)
    view.bot_seconds = 0.05
    app.push(view)
    app.run_ticks(1)
    enter_by_handles(app, view, Shift("C", "up", 2))
    assert view.pending
    match.clock.reserve[0] = 0  # the reserve is spent: the move time's end is the end
    match.clock.move_left = 2
    app.run_ticks(3)
    assert match.proxy == {0: 1} and view.pending == []
    assert "moves for" in view.status_text() and not view.my_turn()
    click(app, handle_rect("A", "down").center)
    assert view.banner == "Wait for the bot to move"
    wait(app, lambda: match.state.turn_log)  # the bot made Player 1's three shifts
    assert [e.by for e in match.entries[len(SETUP) :]] == [1, 1, 1]
