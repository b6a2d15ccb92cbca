"""Chromatic Collapse's play screen, driven headless with synthetic clicks, taps and keys.

Every person action below is entered the way a player would (a click on a square, a
finger tap, a drag or keys); the tests never call ``match.submit`` for a person.
"""

import random
import time
from functools import partial

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.chromatic_collapse import (
    CIRCLE,
    CORNERS,
    DIAMOND,
    Remove,
    Slide,
    Start,
    cell_name,
    from_diagram,
    parse_cell,
    square_cell,
)
from game.rules.contract import GameSetup
from scenes.play.chromatic_collapse import CELL, ChromaticCollapseView
from scenes.widgets import MIN_TARGET
from tests import drive
from tests.drive import names
from tests.drive import settle_or_over as settle

press = partial(drive.key, ticks=1)  # a key, then the tick that handles it

SPEC = GAMES["chromatic-collapse"]


# -- helpers ------------------------------------------------------------------------------
def click_button(app, text):
    scene = app.top
    control = next(c for c in scene.controls if c.element.text.startswith(text))
    app.post_click(control.element.rect.center)
    app.run_ticks(1)  # pygame-gui posts "pressed" to the queue; this tick handles it
    return control


def make_view(app, seats=("person", "person"), moves=(), start=None, seed=1):
    setup = GameSetup("chromatic-collapse", 2, {"ray_count": False, "advantage": "Diamond"}, seed)
    state = start if start is not None else setup.start(GAMES)
    match = Match(
        SPEC, setup, [Seat.person() if k == "person" else Seat.bot(k) for k in seats], state
    )
    for text in moves:
        match.submit_text(text)
    view = ChromaticCollapseView(app, match)
    view.bot_seconds = 0.05
    app.push(view)
    app.run_ticks(2)
    return view


def click_square(app, view, sq):
    app.post_click(view.square_center(sq))
    app.run_ticks(1)


def still(app, view):
    """Run until the last animation has played out: a press while one runs only skips
    it, so the next input of a test must wait for a still board."""
    app.run_until(lambda: not view.anim and not view.queue, max_ticks=600)


def enter_by_clicks(app, view, move):
    """Enter ``move`` with the mouse: a setup button, a square to remove, or two squares."""
    if isinstance(move, Start):
        app.post_click(view.setup_buttons()[move.seat].center)
        app.run_ticks(1)
    elif isinstance(move, Remove):
        click_square(app, view, move.square)
    else:
        click_square(app, view, move.frm)
        assert view.current_selection() == move.frm, (
            view.banner,
            view.match.state.phase,
            str(move),
        )
        assert move.to in view.lit_squares()
        click_square(app, view, move.to)


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


def arrow_to(app, view, target):
    """Move the board cursor to ``target`` with arrow keys only."""
    for _ in range(40):
        if view.cursor == target:
            return
        col, row = square_cell(view.cursor)
        tc, tr = square_cell(target)
        keys = []
        if tc != col:
            keys.append(pygame.K_RIGHT if tc > col else pygame.K_LEFT)
        if tr != row:
            keys.append(pygame.K_DOWN if tr > row else pygame.K_UP)
        before = view.cursor
        for k in keys:
            press(app, k)
            if view.cursor != before:
                break
    assert view.cursor == target


# -- the whole game -----------------------------------------------------------------------------
def test_whole_game_from_title_to_results_against_hard(app):
    app.settings.animation_speed = 4.0
    assert names(app) == ["title"]
    click_button(app, "Play")
    assert names(app) == ["title", "select"]
    select = app.top
    click_button(app, "Chromatic Collapse")
    assert select.game_id == "chromatic-collapse"
    # Seats: Diamond a person (default), Circle from Medium (default) to Hard
    circle = click_button(app, "Circle")
    assert "Hard" in circle.element.text
    assert select.cfg()["seats"] == ["person", "hard"]
    click_button(app, "Start")
    app.run_ticks(1)
    view = app.top
    assert isinstance(view, ChromaticCollapseView)
    view.bot_seconds = 0.05
    assert view.match.state.phase == "setup"

    rng = random.Random(5)
    person_actions = 0
    saw_capture_anim = False
    for _ in range(400):
        settle(app, view)
        if app.top is not view or view.match.is_over():
            break
        state = view.match.state
        move = Start(DIAMOND) if state.phase == "setup" else greedy(state, rng)
        before = len(view.match.entries)
        enter_by_clicks(app, view, move)
        assert len(view.match.entries) == before + 1, view.banner
        assert view.match.entries[-1].text == str(move)
        person_actions += 1
        app.run_ticks(2)  # draw a couple of animation frames too
        saw_capture_anim |= isinstance(move, Slide) and move.capture
    app.run_until(lambda: app.top is not view, max_ticks=2000)
    assert app.top.name == "results"
    assert view.match.is_over()
    assert person_actions >= 2
    bot_entries = [e for e in view.match.entries if e.seat == CIRCLE]
    assert bot_entries, "the Hard bot played"
    outcome = view.match.state.outcome()
    assert outcome is not None and outcome.reason in app.top.outcome.reason
    app.run_ticks(3)


# -- selection, dimming and reasons --------------------------------------------------------------
def test_selecting_a_piece_lights_its_destinations_on_screen(app):
    view = make_view(app, moves=["start Diamond"])
    state = view.match.state
    sq = state.movable_squares()[0]
    click_square(app, view, sq)
    assert view.current_selection() == sq
    lit = view.lit_squares()
    assert set(lit) == {m.to for m in state.destinations(sq)} and lit
    app.run_ticks(1)
    # an empty lit square shows the accent dot in its centre
    empty = next(to for to in lit if state.piece_at(to) is None)
    colour = app.canvas.get_at(view.square_center(empty))
    accent = app.theme["accent"]
    assert abs(colour.r - accent.r) + abs(colour.g - accent.g) + abs(colour.b - accent.b) < 60
    # tapping the piece again lets it go
    click_square(app, view, sq)
    assert view.current_selection() is None and view.lit_squares() == {}


def test_dimmed_piece_says_why_it_may_not_move(app):
    view = make_view(app, moves=["start Diamond", "b1-d3"])  # Circle must answer with b1's colour
    state = view.match.state
    colour = state.piece_at(parse_cell("d3"))[1]
    stuck = next(sq for sq in state.pieces(CIRCLE) if state.piece_note(sq) is not None)
    assert state.piece_at(stuck)[1] != colour
    click_square(app, view, stuck)
    assert view.current_selection() is None
    assert view.banner_kind == "warning"
    assert state.step_banner() in view.banner  # "First move: a blue piece"
    assert cell_name(stuck) in view.banner
    assert view.match.entries[-1].text == "b1-d3"
    # an opponent piece says whose it is
    click_square(app, view, parse_cell("c1"))
    assert view.banner == "That is a Diamond piece"


def test_refused_move_shows_the_engines_reason_and_changes_nothing(app):
    view = make_view(app, moves=["start Diamond"])
    state = view.match.state
    sq = state.movable_squares()[0]
    click_square(app, view, sq)
    lit = set(view.lit_squares())
    wrong = next(
        t
        for t in range(64)
        if t not in CORNERS and t not in lit and t != sq and state.piece_at(t) is None
    )
    click_square(app, view, wrong)
    assert view.banner_kind == "error"
    assert view.banner == state.why_illegal(Slide(sq, wrong))
    assert len(view.match.entries) == 1 and view.match.state is state
    # the piece stays chosen so the player can try again
    assert view.current_selection() == sq


def test_second_move_direction_rule_reason(app):
    view = make_view(app, moves=["start Diamond", "b1-d3"])
    state = view.match.state
    first = next(m for m in state.legal_moves())
    enter_by_clicks(app, view, first)
    still(app, view)
    state = view.match.state
    assert state.phase == "second"
    # a piece that has moves, none of them in the allowed directions, is dimmed with the rule
    blocked = [
        sq
        for sq in state.pieces(CIRCLE)
        if sq != state.moved_square() and state.piece_note(sq) == state.step_banner()
    ]
    assert blocked
    click_square(app, view, blocked[0])
    assert view.banner.endswith(
        state.step_banner()
    )  # "...Second move: east, south-east or north-east"
    assert cell_name(blocked[0]) in view.banner
    # the piece that moved first may not move again
    click_square(app, view, state.moved_square())
    assert view.banner == "This piece has already moved this turn"


def test_drag_and_drop_and_a_finger_tap_each_count_once(app):
    view = make_view(app, moves=["start Diamond"])
    state = view.match.state
    sq = state.movable_squares()[0]
    dest = state.destinations(sq)[0]
    a, b = view.square_center(sq), view.square_center(dest.to)
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=False))
    app.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=((a[0] + b[0]) // 2, (a[1] + b[1]) // 2),
            rel=(0, 0),
            buttons=(1, 0, 0),
            touch=False,
        )
    )
    app.run_ticks(1)  # the dragged piece is drawn under the pointer
    app.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    )
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, touch=False))
    assert [e.text for e in view.match.entries][-1] == str(dest)
    # Circle answers with finger taps (SDL also sends mouse copies marked touch=True)
    still(app, view)
    state = view.match.state
    sq = state.movable_squares()[0]
    dest = state.destinations(sq)[0]
    w, h = app.canvas.get_size()
    for target in (sq, dest.to):
        x, y = view.square_center(target)
        for ev in (
            pygame.event.Event(
                pygame.FINGERDOWN, x=x / w, y=y / h, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1
            ),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True),
            pygame.event.Event(
                pygame.FINGERUP, x=x / w, y=y / h, dx=0, dy=0, finger_id=1, touch_id=1, pressure=0
            ),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True),
        ):
            app.post(ev)
        app.run_ticks(1)
    assert len(view.match.entries) == 3
    assert view.match.entries[-1].text == str(dest)


# -- keyboard only --------------------------------------------------------------------------------
def test_keyboard_only_setup_and_moves(app):
    app.settings.animation_speed = 4.0
    view = make_view(app)
    assert view.match.state.phase == "setup"
    press(app, pygame.K_RIGHT)
    assert view.setup_focus == 1
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert view.match.entries[-1].text == "start Diamond"
    still(app, view)
    for _ in range(4):
        state = view.match.state
        move = state.legal_moves()[len(view.match.entries) % len(state.legal_moves())]
        press(app, pygame.K_UP)  # the first arrow shows the cursor
        arrow_to(app, view, move.frm)
        press(app, pygame.K_SPACE)
        assert view.current_selection() == move.frm, (
            view.banner,
            view.match.state.phase,
            str(move),
        )
        arrow_to(app, view, move.to)
        press(app, pygame.K_RETURN)
        assert view.match.entries[-1].text == str(move), view.banner
        still(app, view)
    # Tab walks the pieces that may move, then the lit squares of the chosen one
    state = view.match.state
    press(app, pygame.K_TAB)
    assert view.cursor in state.movable_squares()
    press(app, pygame.K_RETURN)
    chosen = view.current_selection()
    assert chosen == view.cursor
    press(app, pygame.K_TAB)
    assert view.cursor in view.lit_squares()
    press(app, pygame.K_BACKSPACE)
    assert view.current_selection() is None


# -- undo, hint, pause, rules -----------------------------------------------------------------------
def test_undo_against_the_bot_takes_back_the_bots_reply_too(app):
    app.settings.animation_speed = 4.0
    view = make_view(app, seats=("person", "hard"))
    enter_by_clicks(app, view, Start(DIAMOND))
    settle(app, view)
    state = view.match.state
    move = state.legal_moves()[0]
    enter_by_clicks(app, view, move)
    settle(app, view)
    assert [e.seat for e in view.match.entries] == [DIAMOND, DIAMOND, CIRCLE, CIRCLE]
    click_square(app, view, view.match.state.movable_squares()[0])
    press(app, pygame.K_u)
    assert [e.text for e in view.match.entries] == ["start Diamond"]
    assert view.match.state.phase == "first" and view.match.state.turn == 1
    assert view.current_selection() is None
    assert view.banner == "Took back your last move"
    app.run_ticks(30)  # the bot does not move for the person
    assert len(view.match.entries) == 1


def test_hint_is_drawn_and_is_legal(app):
    view = make_view(app, seats=("person", "hard"), moves=["start Diamond"])
    press(app, pygame.K_h)
    deadline = time.monotonic() + 30
    while view.hint is None and time.monotonic() < deadline:
        app.run_ticks(5, draw=False)
        time.sleep(0.002)
    assert view.hint in view.match.state.legal_moves()
    app.run_ticks(2)
    assert "Hint" in view.banner


def test_rules_and_pause_open_from_the_board(app):
    view = make_view(app)
    press(app, pygame.K_F1)
    assert app.top.name == "rules"
    press(app, pygame.K_ESCAPE)
    assert app.top is view
    press(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"


# -- sudden death ---------------------------------------------------------------------------------
def random_game_to(turn, phase, mover):
    """A seeded random game (people in both seats) stopped at ``turn`` / ``phase`` with
    ``mover`` to act."""
    for seed in range(1, 60):
        setup = GameSetup(
            "chromatic-collapse", 2, {"ray_count": False, "advantage": "Diamond"}, seed
        )
        state = setup.start(GAMES).apply(Start(DIAMOND))
        rng = random.Random(seed)
        moves = ["start Diamond"]
        while not state.is_terminal() and state.turn <= turn:
            if state.turn == turn and state.phase == phase and state.to_move == mover:
                return seed, moves
            m = rng.choice(state.legal_moves())
            moves.append(str(m))
            state = state.apply(m)
    pytest.fail("no seeded random game reached that point")


def test_warning_from_turn_45_and_banner_when_it_starts(app):
    seed, moves = random_game_to(44, "second", CIRCLE)  # Diamond starts: Circle plays even turns
    view = make_view(app, moves=moves, seed=seed)
    lines, warn = view.sudden_death_lines(view.match.state)
    assert warn is False and lines == ["from turn 50"]
    state = view.match.state
    move = state.legal_moves()[0]
    enter_by_clicks(app, view, move)
    new = view.match.state
    if not new.is_terminal():
        assert new.turn == 45
        assert "sudden death" in view.banner.lower()
        lines, warn = view.sudden_death_lines(new)
        assert warn and lines[0] == "in 5 turns"
        app.run_ticks(2)


def test_removal_turn_prompt_and_click_to_remove(app):
    board = """
        #..BR..#
        ........
        .gY.....
        ...Y....
        ...r....
        .....b..
        ...GB.y.
        #......#
    """
    start = from_diagram(board, to_move=DIAMOND, phase="remove", turn=50, last_colour="red")
    view = make_view(app, start=start)
    assert view.prompt()[0] == start.step_banner()
    assert "Sudden death" in view.prompt()[0]
    assert view.sudden_death_lines(start) == (["remove now"], True)
    # one's own piece: the engine's reason
    click_square(app, view, parse_cell("c6"))
    assert view.banner == "Remove one of your opponent's pieces, not your own"
    assert view.match.entries == []
    # an opponent piece: removed
    click_square(app, view, parse_cell("g2"))
    assert [e.text for e in view.match.entries] == ["x g2"]
    assert view.match.state.phase == "first"
    assert view.anim is not None or view.queue  # it shatters
    app.run_ticks(4)


# -- the end ----------------------------------------------------------------------------------------
def test_winning_group_flashes(app):
    board = """
        #......#
        ........
        ..BRG...
        ........
        ...Y.r..
        .b...y..
        ........
        #......#
    """
    start = from_diagram(board, to_move=DIAMOND, phase="first", turn=20, last_colour="yellow")
    view = make_view(app, start=start)
    enter_by_clicks(app, view, Slide(parse_cell("d4"), parse_cell("e5")))
    app.run_until(lambda: not view.anim and not view.queue, max_ticks=400, draw=True)
    end = view.match.state
    assert end.is_terminal() and end.winner == DIAMOND
    assert end.reason in view.prompt()[0]
    # the glow around the winning group pulses: a pixel beside a piece changes over time
    x, y = view.square_center(parse_cell("d6"))
    probe = (x, y + int(CELL * 0.44))
    samples = set()
    for _ in range(8):
        app.run_ticks(4)
        samples.add(tuple(app.canvas.get_at(probe)))
    assert len(samples) > 1


# -- drawing details ---------------------------------------------------------------------------------
def test_animations_are_functions_of_t(app):
    view = make_view(app, moves=["start Diamond"])
    old = view.match.state
    slide = old.legal_moves()[0]
    new = old.apply(slide)

    def frame(t):
        app.canvas.fill((0, 0, 0))
        view.draw_transition(app.canvas, old, new, slide, t)
        return pygame.image.tobytes(app.canvas, "RGB")

    frames = [frame(t) for t in (0.0, 0.25, 0.5, 0.75, 1.0)]
    assert len(set(frames)) == 5  # the piece is somewhere else at every t
    assert frame(0.5) == frames[2]  # and only t decides where
    assert view.transition_ticks(old, new, slide) > 10


def test_colour_blind_glyphs_and_thumbnail(app):
    view = make_view(app, moves=["start Diamond"])
    sq = view.match.state.pieces(DIAMOND)[0]
    x, y = view.square_center(sq)
    rect = pygame.Rect(x - 8, y - 8, 16, 16)
    app.run_ticks(1)
    plain = pygame.image.tobytes(app.canvas.subsurface(rect).copy(), "RGB")
    app.settings.colour_blind = True
    app.run_ticks(1)
    marked = pygame.image.tobytes(app.canvas.subsurface(rect).copy(), "RGB")
    assert plain != marked
    thumb = pygame.Surface((238, 120), pygame.SRCALPHA)
    ChromaticCollapseView.draw_thumbnail(thumb, app.theme, SPEC.new_game(seed=1), app.settings)
    opaque = sum(
        1 for px in range(0, 238, 4) for py in range(0, 120, 4) if thumb.get_at((px, py)).a > 0
    )
    assert opaque > 300


def test_touch_targets_are_at_least_44_px():
    assert CELL >= MIN_TARGET
    for rect in ChromaticCollapseView.setup_buttons():
        assert rect.w >= MIN_TARGET and rect.h >= MIN_TARGET
    # every playable square maps back to itself from its centre
    for sq in range(64):
        if sq not in CORNERS:
            assert ChromaticCollapseView.square_at(ChromaticCollapseView.square_center(sq)) == sq


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
@pytest.mark.parametrize("size", [100, 150])
def test_the_left_cards_picture_keeps_clear_of_its_words_at_every_text_size(paths, language, size):
    """The step's picture (the colour asked for, the compass) is drawn in the room its
    words leave: at 150 % a fixed-size picture ran into the step's title and caption."""
    from game.text import i18n
    from scenes import widgets
    from scenes.play.chromatic_collapse.layout import LEFT_CARD
    from tests.test_accessibility import make

    app = make(paths, {"language": language, "text_size": size})
    i18n.set_language(language)
    try:
        # Each step's picture: who starts, any colour, a colour asked, the compass.
        setup = GameSetup("chromatic-collapse", 2, {"ray_count": False, "advantage": "Diamond"}, 1)
        state, steps = setup.start(GAMES), {}
        while len(steps) < 4 and not state.is_terminal():
            asked = state.phase == "first" and state.required_colour() is not None
            steps.setdefault((state.phase, asked), state)
            state = state.apply(state.legal_moves()[0])
        assert len(steps) == 4, list(steps)
        for moves, start in steps.items():
            view = make_view(app, start=start)
            state = view.match.state
            bare = pygame.Surface(app.canvas.get_size())
            drawn = pygame.Surface(app.canvas.get_size())
            picture = view.draw_left_picture
            view.draw_left_picture = lambda *a, **k: None
            view.draw_left_card(bare, state)
            view.draw_left_picture = picture
            widgets.text.TEXT_LOG = []
            try:
                view.draw_left_card(drawn, state)
                lines = [
                    d
                    for d in widgets.text.TEXT_LOG
                    if d.shown.strip() and LEFT_CARD.colliderect(d.rect)
                ]
            finally:
                widgets.text.TEXT_LOG = None
            # The picture's pixels: where the card drawn with it differs from without.
            mask = pygame.mask.from_threshold(drawn, (0, 0, 0), (1, 1, 1, 255), bare, 1)
            mask.invert()
            ink = mask.get_bounding_rects()
            assert ink, f"no picture drawn at {moves}"
            box = ink[0].unionall(ink[1:])
            assert LEFT_CARD.contains(box), (moves, box)
            for d in lines:
                assert not d.ink.colliderect(box), (moves, d.shown, d.ink, box)
            app.pop()
            app.run_ticks(1)
    finally:
        app.shutdown()
