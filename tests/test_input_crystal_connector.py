"""Crystal Connector from the title screen to the results screen with touch only and
with a game controller only (issue "Kiosk mode, attract demo, touch and gamepad").

Every person action -- the menus, the set-up choices, a colour conversion, each shift,
a take-back and every Confirm -- goes through ``app.post`` as the events SDL would
send: finger events (plus SDL's own mouse copies marked ``touch=True``, which must be
ignored) or CONTROLLERBUTTONDOWN/UP.  The tests only read the screen's state to
decide where to tap or which button to press; they never call ``match.submit`` or
``scene.try_move``.  Waits are bounded by ticks, not by the wall clock."""

from __future__ import annotations

import random

import pygame

from game.rules.crystal_connector import LINES, SIZE, Convert, Shift, largest_sizes
from scenes.play.crystal_connector import CELL, CrystalConnectorView, cell_rect, handle_rect
from tests.drive import control, pad
from tests.drive import focused_text as focused

W, H = 1280, 720
SEED = "4242"

# SDL game controller button numbers
A, B, X, Y, BACK, START, LSHOULDER, RSHOULDER = 0, 1, 2, 3, 4, 6, 9, 10
UP, DOWN, LEFT, RIGHT = 11, 12, 13, 14
PAD_FOR = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT}


# -- synthetic input -----------------------------------------------------------------------
def _finger(kind, x, y, dx=0.0, dy=0.0, pressure=1.0):
    return pygame.event.Event(
        kind, x=x / W, y=y / H, dx=dx / W, dy=dy / H, finger_id=1, touch_id=1, pressure=pressure
    )


def _copy(kind, x, y, **kw):
    """SDL's mouse copy of a finger event (must be dropped by the input mapper)."""
    return pygame.event.Event(kind, pos=(int(x), int(y)), touch=True, **kw)


def tap(app, pos) -> None:
    """One finger tap, as SDL sends it: each finger event comes after its touch=True
    mouse copies (SDL synthesises those first)."""
    x, y = pos
    app.post(_copy(pygame.MOUSEMOTION, x, y, rel=(0, 0), buttons=(0, 0, 0)))
    app.post(_copy(pygame.MOUSEBUTTONDOWN, x, y, button=1))
    app.post(_finger(pygame.FINGERDOWN, x, y))
    app.post(_copy(pygame.MOUSEBUTTONUP, x, y, button=1))
    app.post(_finger(pygame.FINGERUP, x, y, pressure=0.0))


def finger_drag(app, start, end, steps: int = 6) -> None:
    sx, sy = start
    ex, ey = end
    app.post(_copy(pygame.MOUSEMOTION, sx, sy, rel=(0, 0), buttons=(0, 0, 0)))
    app.post(_copy(pygame.MOUSEBUTTONDOWN, sx, sy, button=1))
    app.post(_finger(pygame.FINGERDOWN, sx, sy))
    px, py = sx, sy
    for k in range(1, steps + 1):
        x, y = sx + (ex - sx) * k / steps, sy + (ey - sy) * k / steps
        app.post(_copy(pygame.MOUSEMOTION, x, y, rel=(int(x - px), int(y - py)), buttons=(1, 0, 0)))
        app.post(_finger(pygame.FINGERMOTION, x, y, x - px, y - py))
        px, py = x, y
    app.post(_copy(pygame.MOUSEBUTTONUP, ex, ey, button=1))
    app.post(_finger(pygame.FINGERUP, ex, ey, pressure=0.0))


def ticks(app, n: int = 1, draw: bool = False) -> None:
    app.run_ticks(n, draw=draw)


def wait(app, predicate, what: str, limit: int = 8000) -> None:
    """Tick until ``predicate`` holds (bounded by ticks: bots think in real time, and each
    tick gives an in-flight request 2 ms)."""
    for _ in range(limit):
        if predicate():
            return
        app.run_ticks(1, draw=False)
    assert predicate(), f"gave up waiting for {what}"


def ready(app, view) -> bool:
    """The person may act now, or the game has left the screen."""
    return app.top is not view or (
        view.my_turn() and not view.anim and not view.queue and view.match.state is view._base
    )


# -- menus -----------------------------------------------------------------------------------
def pad_focus(app, button: int, prefix: str, limit: int = 12) -> None:
    """Press ``button`` until the menu focus is on the control labelled ``prefix``."""
    for _ in range(limit):
        if focused(app).startswith(prefix):
            return
        pad(app, button)
        ticks(app)
    assert focused(app).startswith(prefix), f"focus on {focused(app)!r}, not {prefix!r}"


# -- the person's policy ------------------------------------------------------------------------
def greedy_shift(state, rng: random.Random) -> Shift:
    """The shift that most improves the person's own product (ties broken by ``rng``)."""
    a, b = state.seat_colours(state.to_move)
    best, best_value = None, None
    for m in state.legal_moves():
        if isinstance(m, Shift):
            sizes = largest_sizes(state.shift_result(m)[0])
            value = sizes[a] * sizes[b] + rng.random()
            if best_value is None or value > best_value:
                best, best_value = m, value
    assert best is not None
    return best


def first_convert(state) -> Convert:
    return next(m for m in state.legal_moves() if isinstance(m, Convert))


def signed(move: Shift) -> int:
    return (1 if move.direction in ("down", "right") else -1) * move.distance


def start_view(app) -> CrystalConnectorView:
    view = app.top
    assert isinstance(view, CrystalConnectorView)
    view.bot_seconds = 0.05
    m = view.match
    assert [s.kind for s in m.seats] == ["person", "bot"] and m.seats[1].level == "hard"
    assert m.setup.seed == int(SEED) and m.state.anomalies.convertor
    return view


def finish(app, view, person_turns: int, converts: int) -> None:
    wait(app, lambda: app.top.name == "results", "the results screen")
    results = app.top
    state = view.match.state
    assert state.is_terminal() and results.outcome is not None
    assert max(state.totals) >= state.threshold
    assert len([r for r in state.turn_log if r.seat == 0]) == person_turns
    mine = [e.text for e in view.match.entries if e.seat == 0]
    assert sum(1 for t in mine if t.startswith("convert")) == converts
    assert all(e.by == e.seat for e in view.match.entries)  # nobody moved for anybody
    app.run_ticks(2)  # the results screen draws


# ============================================================================ finger only
def finger_shift(app, view, move: Shift, how: int) -> None:
    """Enter one shift by touch: a drag, or a handle tap and a distance chip."""
    n = len(view.pending)
    if how % 2 == 0:
        k = LINES.index(move.line)
        if k < SIZE:  # a column: grab it on row 3 and pull vertically
            start = cell_rect(2 * SIZE + k).center
            end = (start[0], start[1] + signed(move) * CELL)
        else:
            start = cell_rect((k - SIZE) * SIZE + 2).center
            end = (start[0] + signed(move) * CELL, start[1])
        finger_drag(app, start, end)
    else:
        tap(app, handle_rect(move.line, move.direction).center)
        # one tap, one step: SDL's mouse copy of the tap did not step the draft again
        assert view.draft == (move.line, signed(move) // move.distance), view.banner
        tap(app, view.chip_rect(move.distance).center)
    assert view.pending[n:] == [move], f"{move} was not entered ({view.banner})"


def finger_turn(app, view, rng: random.Random, turn: int) -> None:
    m = view.match
    before = len(m.entries)
    if turn == 0:
        # Color Convertor: tap the button, then one of your own crystals
        conv = first_convert(view.local_state())
        tap(app, view.button_rect("convert").center)
        assert view.convert_mode
        tap(app, cell_rect(conv.cell).center)
        assert view.pending == [conv] and not view.convert_mode
    k = 0
    while not view.turn_complete():
        move = greedy_shift(view.local_state(), rng)
        finger_shift(app, view, move, turn + k)
        if turn == 0 and k == 0:
            # Take back (tapped once: exactly one shift comes off), then enter it again
            held = list(view.pending)
            tap(app, view.button_rect("takeback").center)
            assert view.pending == held[:-1]
            ticks(app, 2, draw=True)
            finger_shift(app, view, move, 1)
        k += 1
        assert k <= 6
    assert len(m.entries) == before  # held by the view until Confirm
    entered = len(view.pending)
    ticks(app, 1, draw=True)
    tap(app, view.button_rect("confirm").center)
    assert len(m.entries) == before + entered  # one tap, one confirmed turn
    assert view.pending == []


def test_whole_game_by_touch_only(app):
    rng = random.Random(7)
    app.settings.animation_speed = 4.0
    # title: tap Play (one tap pushes exactly one screen)
    tap(app, control(app.top, "Play").element.rect.center)
    ticks(app, 2, draw=True)
    assert [s.name for s in app.stack] == ["title", "select"]
    select = app.top
    tap(app, select.card_rects["crystal-connector"].center)
    ticks(app, 2)
    assert select.game_id == "crystal-connector"
    # Player 2 is a Medium bot by default: one tap on its cycler makes it Hard
    seat2 = control(select, "Player 2")
    assert "Medium" in seat2.element.text
    tap(app, seat2.element.rect.center)
    ticks(app, 2)
    assert "Hard" in control(select, "Player 2").element.text  # one step, not two
    tap(app, control(select, "Color Convertor").element.rect.center)
    ticks(app, 2)
    assert select.cfg()["options"]["convertor"] is True
    select.seed_entry.set_text(SEED)  # a reproducible game (not a person action under test)
    ticks(app, 1, draw=True)
    tap(app, control(select, "Start").element.rect.center)
    ticks(app, 2)
    view = start_view(app)
    m = view.match
    # the Menu button pauses, Resume returns
    menu = next(
        b for b in view.ui.get_root_container().elements if getattr(b, "text", "") == "Menu"
    )
    tap(app, menu.rect.center)
    ticks(app, 2, draw=True)
    assert app.top.name == "pause"
    tap(app, control(app.top, "Resume").element.rect.center)
    ticks(app, 2)
    assert app.top is view
    # set-up: the person taps the first card each time it is their choice
    while m.state.phase != "play":
        wait(app, lambda: m.state.phase == "play" or ready(app, view), "a set-up choice")
        if m.state.phase == "play":
            break
        n = len(m.entries)
        first = view.choice_rects()[0]
        assert first[0] == m.state.legal_moves()[0]
        tap(app, first[1].center)
        assert len(m.entries) == n + 1 and m.entries[-1].text == str(first[0])
    assert m.entries[0].text == "pick first" and m.entries[1].text.startswith("take ")
    turns = 0
    while True:
        wait(app, lambda: ready(app, view), "the person's turn")
        if app.top is not view:
            break
        finger_turn(app, view, rng, turns)
        turns += 1
        assert turns < 80
    finish(app, view, turns, converts=1)


# ========================================================================= controller only
def pad_to_board_focus(app, view, axis: str) -> None:
    """Back (Tab) until the board cursor has the focus on its ``axis`` line."""
    for _ in range(8):
        if view.focus_button is None and view.axis == axis:
            return
        pad(app, BACK)
    assert view.focus_button is None and view.axis == axis


def pad_to_button(app, view, name: str) -> None:
    """Back (Tab) until the column button ``name`` has the focus."""
    for _ in range(8):
        if view.focus_button == name:
            return
        pad(app, BACK)
    assert view.focus_button == name, view.focus_ring()


def pad_cursor(app, view, row: int | None, col: int | None) -> None:
    """The d-pad moves the board cursor (it wraps) to ``row`` / ``col``."""
    for target, axis_of, fwd, back in ((col, 1, RIGHT, LEFT), (row, 0, DOWN, UP)):
        if target is None:
            continue
        cur = divmod(view.cursor, SIZE)[axis_of]
        d = (target - cur) % SIZE
        pad(app, fwd, d) if d <= SIZE // 2 else pad(app, back, SIZE - d)
    r, c = divmod(view.cursor, SIZE)
    assert (row is None or r == row) and (col is None or c == col)


def pad_shift(app, view, move: Shift, press: int) -> None:
    """Move the cursor onto the line, A/X grabs it, the d-pad sets direction and
    distance, A/X makes the shift."""
    k = LINES.index(move.line)
    if k < SIZE:
        pad_cursor(app, view, None, k)
        pad_to_board_focus(app, view, "column")
    else:
        pad_cursor(app, view, k - SIZE, None)
        pad_to_board_focus(app, view, "row")
    assert view.cursor_line() == move.line
    pad(app, press)
    assert view.grabbed == move.line, view.banner
    pad(app, PAD_FOR[move.direction], move.distance)
    assert view.draft == (move.line, signed(move)), view.banner  # one press, one step
    n = len(view.pending)
    pad(app, press)
    assert view.pending[n:] == [move], f"{move} was not entered ({view.banner})"
    assert view.grabbed is None and view.draft is None


def pad_turn(app, view, rng: random.Random, turn: int) -> None:
    m = view.match
    before = len(m.entries)
    if turn == 0:
        # Y asks for a hint (the Hard bot's suggestion for this board)
        pad(app, Y)
        wait(app, lambda: view.hint is not None, "the hint")
        assert view.local_state().why_illegal(view.hint) is None
        # Color Convertor: Back to the Convert button, A, then the cursor picks the crystal
        conv = first_convert(view.local_state())
        pad_to_button(app, view, "convert")
        ticks(app, 1, draw=True)  # the focus ring on the button
        pad(app, A)
        assert view.convert_mode and view.focus_button is None
        pad_cursor(app, view, *divmod(conv.cell, SIZE))
        pad(app, A)
        assert view.pending == [conv] and not view.convert_mode
    k = 0
    while not view.turn_complete():
        move = greedy_shift(view.local_state(), rng)
        pad_shift(app, view, move, A if (turn + k) % 2 == 0 else X)
        if turn == 0 and k == 0:
            # Back to Take back, A: exactly one shift comes off; then enter it again
            held = list(view.pending)
            pad_to_button(app, view, "takeback")
            pad(app, A)
            assert view.pending == held[:-1]
            ticks(app, 2, draw=True)
            pad_shift(app, view, move, X)
        k += 1
        assert k <= 6
    assert len(m.entries) == before
    entered = len(view.pending)
    ticks(app, 1, draw=True)
    if turn % 2:
        pad_to_button(app, view, "confirm")
    pad(app, A)  # a complete turn: A confirms (on the board or on the Confirm button)
    assert len(m.entries) == before + entered
    assert view.pending == []


def test_whole_game_by_controller_only(app):
    rng = random.Random(11)
    app.settings.animation_speed = 4.0
    # title: A on Play; B goes back; A again
    assert focused(app) == "Play"
    pad(app, A)
    ticks(app)
    assert [s.name for s in app.stack] == ["title", "select"]
    pad(app, B)
    ticks(app)
    assert [s.name for s in app.stack] == ["title"]
    pad(app, A)
    ticks(app)
    select = app.top
    assert select.name == "select" and focused(app) == "Crystal Connector"
    pad(app, A)  # this game's card
    ticks(app)
    assert select.game_id == "crystal-connector"
    # to the seats: the d-pad from the next card (down lands on Player 1's "Who's
    # playing?" button beside its seat, left on the seat), then Right makes Player 2 a
    # Hard bot
    pad(app, RIGHT)
    ticks(app)
    pad_focus(app, DOWN, "Guest")
    pad_focus(app, LEFT, "Player 1")
    pad_focus(app, DOWN, "Player 2")
    pad(app, RIGHT)
    ticks(app)
    assert "Hard" in focused(app)  # one press, one step (Medium -> Hard)
    pad_focus(app, BACK, "Color Convertor")
    pad(app, RIGHT)
    ticks(app)
    assert select.cfg()["options"]["convertor"] is True
    pad_focus(app, DOWN, "Start")
    select.seed_entry.set_text(SEED)  # a reproducible game (not a person action under test)
    ticks(app, 1, draw=True)
    pad(app, A)
    ticks(app, 2)
    view = start_view(app)
    m = view.match
    # Start pauses, B resumes
    pad(app, START)
    ticks(app, 2, draw=True)
    assert app.top.name == "pause"
    pad(app, B)
    ticks(app, 2)
    assert app.top is view
    # set-up: the d-pad moves to the second card, A chooses it
    while m.state.phase != "play":
        wait(app, lambda: m.state.phase == "play" or ready(app, view), "a set-up choice")
        if m.state.phase == "play":
            break
        n = len(m.entries)
        assert view.choice_focus == 0
        pad(app, DOWN)
        assert view.choice_focus == 1
        choice = view.choice_rects()[1][0]
        pad(app, A)
        assert len(m.entries) == n + 1 and m.entries[-1].text == str(choice)
    assert m.entries[0].text == "pick second"
    turns = 0
    while True:
        wait(app, lambda: ready(app, view), "the person's turn")
        if app.top is not view:
            break
        if turns == 1:  # the shoulders scroll the move log
            pad(app, LSHOULDER)
            assert view.log_scroll == 3
            pad(app, RSHOULDER)
            assert view.log_scroll == 0
        pad_turn(app, view, rng, turns)
        turns += 1
        assert turns < 80
    finish(app, view, turns, converts=1)
