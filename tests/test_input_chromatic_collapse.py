"""Chromatic Collapse from the title screen to the results, twice: once with finger
taps and drags only, once with game-controller buttons only.

Every person action (menus, the setup choice, every slide and removal) goes through
``app.post`` and the InputMapper; the tests never call ``match.submit`` or
``try_move``.  The person's moves come from a simple greedy policy; the opponent is a
bot.  Finger events are followed by SDL's own mouse copies (``touch=True``), which
must be ignored: each tap is checked to act exactly once.
"""

import random
import time
from functools import partial

import pygame

import scenes.select as select_module
from game.rules.chromatic_collapse import CIRCLE, DIAMOND, Remove, Slide, Start, square_cell
from tests import drive
from tests.drive import control, focused_text, names
from tests.drive import settle_or_over as settle

pad = partial(drive.pad, ticks=1)  # a controller press, then the tick that handles it

GAME = "chromatic-collapse"

# SDL game-controller button numbers
A, B, X, Y, BACK, START = 0, 1, 2, 3, 4, 6
LSHOULDER, RSHOULDER = 9, 10
UP, DOWN, LEFT, RIGHT = 11, 12, 13, 14


# -- shared helpers -------------------------------------------------------------------------
def fix_seed(monkeypatch, seed=11):
    """The select screen draws a random seed when the seed field is empty (typing one
    needs a keyboard): make that draw repeatable."""
    monkeypatch.setattr(select_module, "random", random.Random(seed))


def greedy(state, rng):
    """A simple person: win if possible, else grow the largest group, never hand a win over."""
    me = state.to_move
    best, best_score = None, None
    for m in state.legal_moves():
        after = state.apply(m)
        if after.is_terminal():
            score = 1000 if after.winner == me else -1000
        else:
            score = len(after.largest_group(me)) - 0.5 * len(after.groups(me)) + rng.random() * 0.1
        if best_score is None or score > best_score:
            best, best_score = m, score
    return best


def start_view(app, view):
    assert view.name == "play" and view.match.spec.id == GAME
    view.bot_seconds = 0.05
    assert view.match.state.phase == "setup"
    return view


def finish(app, view, person_actions):
    app.run_until(lambda: app.top is not view, max_ticks=3000)
    assert app.top.name == "results"
    assert view.match.is_over()
    assert person_actions >= 2
    assert any(e.seat == CIRCLE for e in view.match.entries), "the bot played"
    outcome = view.match.state.outcome()
    assert outcome is not None and outcome.reason in app.top.outcome.reason
    app.run_ticks(2)


# -- fingers ----------------------------------------------------------------------------------
def _finger(app, kind, pos, rel=(0, 0)):
    w, h = app.canvas.get_size()
    # +0.5: the mapper's int(x * w) lands on the same pixel
    return pygame.event.Event(
        kind,
        x=(pos[0] + 0.5) / w,
        y=(pos[1] + 0.5) / h,
        dx=rel[0] / w,
        dy=rel[1] / h,
        finger_id=1,
        touch_id=1,
        pressure=0.0 if kind == pygame.FINGERUP else 1.0,
    )


def tap(app, pos, ticks=1):
    """A finger tap as SDL delivers it: each finger event followed by its mouse copy."""
    for ev in (
        _finger(app, pygame.FINGERDOWN, pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True),
        _finger(app, pygame.FINGERUP, pos),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True),
    ):
        app.post(ev)
    app.run_ticks(ticks)


def drag(app, a, b):
    """Finger down on ``a``, slide to ``b`` (through the middle), lift: with mouse copies."""
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    app.post(_finger(app, pygame.FINGERDOWN, a))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=True))
    last = a
    for p in (mid, b):
        rel = (p[0] - last[0], p[1] - last[1])
        app.post(_finger(app, pygame.FINGERMOTION, p, rel))
        app.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=rel, buttons=(1, 0, 0), touch=True)
        )
        app.run_ticks(1)  # the piece is drawn under the finger
        last = p
    app.post(_finger(app, pygame.FINGERUP, b))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, touch=True))
    app.run_ticks(1)


def enter_by_finger(app, view, move, use_drag):
    if isinstance(move, Start):
        tap(app, view.setup_buttons()[move.seat].center)
    elif isinstance(move, Remove):
        tap(app, view.square_center(move.square))
    elif use_drag:
        drag(app, view.square_center(move.frm), view.square_center(move.to))
    else:
        tap(app, view.square_center(move.frm))
        assert view.current_selection() == move.frm, (view.banner, str(move))
        assert move.to in view.lit_squares()
        tap(app, view.square_center(move.to))


def test_whole_game_with_finger_taps_and_drags_only(app, monkeypatch):
    fix_seed(monkeypatch)
    app.settings.animation_speed = 4.0
    assert names(app) == ["title"]
    tap(app, control(app.top, "Play").element.rect.center)
    assert names(app) == ["title", "select"]  # one tap, one push
    select = app.top
    tap(app, select.card_rects[GAME].center)  # the card's picture
    assert select.game_id == GAME
    # Circle: Medium -> Hard with one tap (a doubled tap would wrap on to Person)
    circle = control(app.top, "Circle")
    tap(app, circle.element.rect.center)
    assert "Hard" in circle.element.text
    assert select.cfg()["seats"] == ["person", "hard"]
    tap(app, control(app.top, "Start").element.rect.center)
    app.run_ticks(1)
    view = start_view(app, app.top)

    rng = random.Random(3)
    person_actions = drags = 0
    for _ in range(400):
        settle(app, view)
        if app.top is not view or view.match.is_over():
            break
        state = view.match.state
        move = Start(DIAMOND) if state.phase == "setup" else greedy(state, rng)
        use_drag = isinstance(move, Slide) and person_actions % 3 == 2
        before = len(view.match.entries)
        enter_by_finger(app, view, move, use_drag)
        # exactly one action per tap or drag, and the one meant
        assert len(view.match.entries) == before + 1, view.banner
        assert view.match.entries[-1].text == str(move)
        person_actions += 1
        drags += use_drag
        app.run_ticks(2)
    assert drags >= 1
    finish(app, view, person_actions)


# -- controller -------------------------------------------------------------------------------
DIRS = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}


def pad_focus(app, prefix):
    """Move a menu's focus ring with the d-pad to the control whose text starts with
    ``prefix``.  The route is planned with the menu's own focus rule (breadth first,
    never Left / Right on a cycler, which would change its value), then pressed."""
    scene = app.top
    target = scene.controls.index(control(app.top, prefix))
    start = scene.focus_index
    routes = {start: []}
    frontier = [start]
    while frontier and target not in routes:
        nxt = []
        for i in frontier:
            for button, (dx, dy) in DIRS.items():
                if dx and scene.controls[i].left is not None:
                    continue
                scene.set_focus(i)
                scene.move_focus(dx, dy)
                j = scene.focus_index
                if j not in routes:
                    routes[j] = routes[i] + [button]
                    nxt.append(j)
        frontier = nxt
    scene.set_focus(start)  # planning only: the presses below move the focus
    assert target in routes, f"no d-pad route to {prefix}"
    for button in routes[target]:
        pad(app, button)
    assert focused_text(app).startswith(prefix)


def dpad_to(app, view, target):
    """Move the board cursor to ``target`` with the d-pad only."""
    for _ in range(40):
        if view.cursor == target and view.cursor_shown():
            return
        col, row = square_cell(view.cursor)
        tc, tr = square_cell(target)
        buttons = []
        if tc != col:
            buttons.append(RIGHT if tc > col else LEFT)
        if tr != row:
            buttons.append(DOWN if tr > row else UP)
        before = view.cursor, view.cursor_shown()
        for button in buttons or [UP]:  # the first press only shows the cursor
            pad(app, button)
            if (view.cursor, view.cursor_shown()) != before:
                break
    assert view.cursor == target and view.cursor_shown()


def back_to(app, view, target):
    """Cycle the board focus with the Back button (Tab) until it reaches ``target``."""
    for _ in range(30):
        if view.button_focus is None and view.cursor == target:
            return
        pad(app, BACK)
    assert view.cursor == target


def back_to_button(app, view, text):
    for _ in range(30):
        if view.button_focus is not None and view.panel_buttons()[view.button_focus].label == text:
            return
        pad(app, BACK)
    raise AssertionError(f"Back never reached the {text} button")


def enter_by_pad(app, view, move, style):
    if isinstance(move, Start):
        while view.setup_focus != move.seat:
            pad(app, RIGHT)
        pad(app, A)
    elif isinstance(move, Remove):
        dpad_to(app, view, move.square)
        pad(app, A)
    elif style == "back":  # Back walks the movable pieces, then the lit squares; X picks
        back_to(app, view, move.frm)
        pad(app, X)
        assert view.current_selection() == move.frm, (view.banner, str(move))
        back_to(app, view, move.to)
        pad(app, A)
    else:
        dpad_to(app, view, move.frm)
        pad(app, A)
        assert view.current_selection() == move.frm, (view.banner, str(move))
        assert move.to in view.lit_squares()
        dpad_to(app, view, move.to)
        pad(app, A)


def test_whole_game_with_controller_buttons_only(app, monkeypatch):
    fix_seed(monkeypatch)
    app.settings.animation_speed = 4.0
    assert names(app) == ["title"] and focused_text(app) == "Play"
    pad(app, A)
    assert names(app) == ["title", "select"]
    select = app.top
    pad_focus(app, "Chromatic Collapse")
    pad(app, A)
    assert select.game_id == GAME
    pad_focus(app, "Circle")
    pad(app, LEFT)  # Medium -> Easy
    assert select.cfg()["seats"] == ["person", "easy"]
    pad_focus(app, "Start")
    pad(app, A)
    app.run_ticks(1)
    view = start_view(app, app.top)

    # Start pauses, B goes back to the board
    pad(app, START)
    assert names(app)[-1] == "pause"
    pad(app, B)
    assert app.top is view

    rng = random.Random(4)
    person_actions = 0
    undone = hinted = scrolled = False
    for _ in range(400):
        settle(app, view)
        if app.top is not view or view.match.is_over():
            break
        state = view.match.state
        if not hinted and state.phase == "first":
            # Y asks for a hint (the Hard bot's move, shown on the board)
            pad(app, Y)
            deadline = time.monotonic() + 30
            while view.hint is None and time.monotonic() < deadline:
                app.run_ticks(5, draw=False)
                time.sleep(0.002)
            assert view.hint in view.match.state.legal_moves()
            hinted = True
        move = Start(DIAMOND) if state.phase == "setup" else greedy(state, rng)
        style = "back" if person_actions % 2 else "dpad"
        before = len(view.match.entries)
        enter_by_pad(app, view, move, style)
        assert len(view.match.entries) == before + 1, view.banner  # one A, one action
        assert view.match.entries[-1].text == str(move)
        person_actions += 1
        app.run_ticks(2)
        if not undone and isinstance(move, Slide) and state.phase == "second":
            # Back reaches the panel's Undo button; A presses it (the bot's reply goes too)
            settle(app, view)
            if view.match.is_over():
                continue
            after_bot = len(view.match.entries)
            assert after_bot > before + 1  # the bot answered
            back_to_button(app, view, "Undo")
            pad(app, A)
            assert len(view.match.entries) == before, [e.text for e in view.match.entries]
            assert view.banner == "Took back your last move"
            pad(app, UP)  # back to the board
            assert view.button_focus is None and view.cursor_shown()
            undone = True
        if not scrolled:
            # the shoulders scroll the turn log (checked before a redraw clamps it)
            app.post(
                pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=LSHOULDER, instance_id=0)
            )
            assert view.log_scroll == 3
            app.post(
                pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=RSHOULDER, instance_id=0)
            )
            assert view.log_scroll == 0
            scrolled = True
    assert undone and hinted and scrolled
    finish(app, view, person_actions)


# -- the parts a short game may not reach ------------------------------------------------------
REMOVAL_BOARD = """
    #..BR..#
    ........
    .gY.....
    ...Y....
    ...r....
    .....b..
    ...GB.y.
    #......#
"""


def make_view(app, start=None, seats=("person", "hard")):
    from game.midend.match import Match, Seat
    from game.registry import GAMES
    from game.rules.contract import GameSetup
    from scenes.play.chromatic_collapse import ChromaticCollapseView

    setup = GameSetup(GAME, 2, {"ray_count": False, "advantage": "Diamond"}, 1)
    match = Match(
        GAMES[GAME],
        setup,
        [Seat.person() if k == "person" else Seat.bot(k) for k in seats],
        start if start is not None else setup.start(GAMES),
    )
    view = ChromaticCollapseView(app, match)
    view.bot_seconds = 0.05
    app.push(view)
    app.run_ticks(2)
    return view


def test_sudden_death_removal_by_finger_and_by_controller(app):
    from game.rules.chromatic_collapse import from_diagram, parse_cell

    start = from_diagram(REMOVAL_BOARD, to_move=DIAMOND, phase="remove", turn=50, last_colour="red")
    view = make_view(app, start=start, seats=("person", "person"))
    tap(app, view.square_center(parse_cell("g2")))
    assert [e.text for e in view.match.entries] == ["x g2"]  # one tap, one removal
    # the same turn again, by controller: Back walks the removal targets, A removes
    app.run_ticks(20)
    view = make_view(app, start=start, seats=("person", "person"))
    app.run_ticks(1)
    target = parse_cell("f3")
    back_to(app, view, target)
    assert view.cursor_shown()
    pad(app, A)
    assert [e.text for e in view.match.entries] == ["x f3"]
    assert view.match.state.phase == "first"


def test_controller_reaches_every_panel_button_and_lets_a_piece_go(app):
    view = make_view(app)
    # setup: Back walks the two sides, then Hint, Undo, Rules, Menu, and wraps
    seen = []
    for _ in range(6):
        pad(app, BACK)
        seen.append(
            ("side", view.setup_focus)
            if view.button_focus is None
            else view.panel_buttons()[view.button_focus].label
        )
    assert seen == [("side", 1), "Hint", "Undo", "Rules", "Menu", ("side", 0)]
    pad(app, A)
    assert [e.text for e in view.match.entries] == ["start Diamond"]
    settle(app, view)
    # Rules by the button focus; B comes back
    back_to_button(app, view, "Rules")
    pad(app, A)
    assert app.top.name == "rules"
    pad(app, B)
    assert app.top is view and view.button_focus is not None
    # Left / Right step along the buttons; A on Menu pauses
    pad(app, RIGHT)
    assert view.panel_buttons()[view.button_focus].label == "Menu"
    pad(app, A)
    assert app.top.name == "pause"
    pad(app, B)
    assert app.top is view
    pad(app, LEFT)
    pad(app, LEFT)
    assert view.panel_buttons()[view.button_focus].label == "Undo"
    pad(app, A)  # takes back the setup choice
    assert view.match.entries == [] and view.match.state.phase == "setup"
    assert view.banner == "Took back your last move"
    pad(app, A)  # once more: the screen says why not
    assert view.banner == "Nothing to undo"
    # Down leaves the buttons (A chooses again); A picks a piece; Back comes round to
    # it again and A lets it go
    pad(app, DOWN)
    assert view.button_focus is None
    pad(app, A)
    assert [e.text for e in view.match.entries] == ["start Diamond"]
    settle(app, view)
    sq = view.match.state.movable_squares()[0]
    back_to(app, view, sq)
    pad(app, A)
    assert view.current_selection() == sq
    pad(app, BACK)
    assert view.cursor in view.lit_squares()
    back_to(app, view, sq)
    pad(app, A)
    assert view.current_selection() is None
    assert [e.text for e in view.match.entries] == ["start Diamond"]
    # a finger on the board drops the button focus
    back_to_button(app, view, "Hint")
    tap(app, view.square_center(sq))
    assert view.button_focus is None and view.current_selection() == sq
